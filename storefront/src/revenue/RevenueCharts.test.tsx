import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RevenueCharts } from './RevenueCharts';
import type { RevenuePoint } from './revenue-series';

const point = (period: string, bookings: number, cancellations: number): RevenuePoint => ({
  period,
  grossSales: 1730.5 * bookings,
  markupMargin: 330.5 * bookings,
  netMargin: 279.72 * bookings,
  bookings,
  cancellations,
});

/** The charts' pictures (hidden from screen readers, which read the tables). */
const pictures = (container: HTMLElement) => [...container.querySelectorAll('figure svg')] as SVGSVGElement[];

describe('RevenueCharts', () => {
  it('draws a one-day range as a marked point and a bar pair, each named with its value', () => {
    const { container } = render(<RevenueCharts points={[point('2026-11-20', 2, 1)]} currency="USD" />);
    const [bars, lines] = pictures(container);
    expect(bars!.querySelectorAll('rect')).toHaveLength(2);
    expect(bars!.querySelectorAll('rect')[0]!.getAttribute('height')).not.toBe('0');
    expect(bars!.textContent).toContain('3,461.00');
    expect(bars!.textContent).toContain('559.44');
    // A line through one point draws nothing: the day is a dot per series, with its counts.
    expect(lines!.querySelectorAll('circle[data-series="bookings"]')).toHaveLength(1);
    expect(lines!.querySelectorAll('circle[data-series="cancellations"]')).toHaveLength(1);
    expect(lines!.textContent).toContain('2 / 1');
    expect(lines!.textContent).toContain('2026-11-20');
    const table = screen.getByRole('table', { name: 'Bookings and cancellations per period' });
    expect(within(table).getByRole('row', { name: '2026-11-20 2 1' })).toBeInTheDocument();
  });

  it('draws a long range as lines without a mark per period, its scale named at the top', () => {
    const days = Array.from({ length: 30 }, (_, index) =>
      point(`2026-11-${String(index + 1).padStart(2, '0')}`, (index % 4) + 1, index % 2),
    );
    const { container } = render(<RevenueCharts points={days} currency="USD" />);
    const [bars, lines] = pictures(container);
    expect(bars!.querySelectorAll('rect')).toHaveLength(60);
    expect(lines!.querySelectorAll('circle')).toHaveLength(0);
    const paths = [...lines!.querySelectorAll('path')].map((path) => path.getAttribute('d') ?? '');
    expect(paths).toHaveLength(2);
    for (const d of paths) expect(d.match(/L/g)).toHaveLength(29);
    expect(lines!.textContent).toContain('4');
    const salesTable = screen.getByRole('table', { name: 'Sales and margin per period, USD' });
    expect(within(salesTable).getAllByRole('row')).toHaveLength(31);
  });
});
