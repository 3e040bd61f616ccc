import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RefundProgressLine } from './RefundProgress';

describe('a refund’s progress in My Trips (issue 36)', () => {
  const base = { requestedAt: '2026-11-02T09:00:00.000Z', airlinePaidAt: null, paidAt: null, promisedBy: null };

  it('marks the stages reached, the current one, and the date promised once the airline paid', () => {
    render(
      <RefundProgressLine
        progress={{
          ...base,
          stage: 'with_airline',
          airlinePaidAt: '2026-11-02T09:05:00.000Z',
          promisedBy: '2026-11-09T09:05:00.000Z',
        }}
      />,
    );
    const steps = within(screen.getByRole('list', { name: 'Refund progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'RequestedMon, Nov 2',
      'With the airlineMon, Nov 2',
      'Paid (not yet)',
    ]);
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('Promised by Mon, Nov 9')).toBeInTheDocument();
  });

  it('promises no date before the airline pays, and none once paid', () => {
    const { rerender } = render(<RefundProgressLine progress={{ ...base, stage: 'requested' }} />);
    expect(screen.queryByText(/Promised by/)).not.toBeInTheDocument();
    rerender(
      <RefundProgressLine
        progress={{
          ...base,
          stage: 'paid',
          airlinePaidAt: '2026-11-02T09:05:00.000Z',
          paidAt: '2026-11-04T10:00:00.000Z',
          promisedBy: '2026-11-09T09:05:00.000Z',
        }}
      />,
    );
    expect(screen.queryByText(/Promised by/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem')[2]).toHaveAttribute('aria-current', 'step');
  });
});
