import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CalendarCell } from '@contrail/shared/flights/calendar';
import { customerAmount } from '@contrail/shared/pricing/price-offer';
import { formatPrice } from '@contrail/shared/results/format';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../app/test-utils';
import { fakeEngine } from '../test-support/engine';
import { nextBar } from './MonthPriceGraph';
import { MonthPrices } from './MonthPrices';

const ONE_WAY = {
  origin: 'SEA',
  destination: 'SFO',
  departureDate: '2027-02-10',
  adultsCount: 1,
  childrenCount: 0,
  infantsCount: 0,
  cabinClass: 'economy' as const,
  tripType: 'one-way' as const,
};

const day = (index: number) => `2027-02-${String(index + 1).padStart(2, '0')}`;

const trip = (total_amount: string) => ({
  total_amount,
  total_currency: 'USD',
  owner: { iata_code: 'AS' },
  slices: [{ origin: { iata_code: 'SEA', country_code: 'US' }, destination: { iata_code: 'SFO', country_code: 'US' } }],
});

function cell(index: number, status: CalendarCell['status'], amount?: string): CalendarCell {
  return {
    departureDate: day(index),
    returnDate: null,
    status,
    cheapest: amount ? trip(amount) : null,
    checkedAt: amount ? '2027-01-01T12:00:00.000Z' : null,
    live: true,
  };
}

const month = () =>
  Array.from({ length: 28 }, (_, index) =>
    index === 0
      ? cell(index, 'failed')
      : index === 27
        ? cell(index, 'none')
        : cell(index, 'priced', `${200 + index}.00`),
  );

function render(path = '/search?monthPrices=1') {
  return renderRoutes(
    [
      { path: '/search', element: <MonthPrices search={ONE_WAY} /> },
      { path: '*', element: null },
    ],
    path,
  );
}

describe('the month price graph', () => {
  it('asks for the month view, then shows a bar per day with its price in words, and the same as a table', async () => {
    const { calls } = fakeEngine({ 'GET /api/flights/calendar': [200, { cells: month(), pending: 0 }] });
    render();
    const bars = await screen.findByRole('toolbar', { name: 'Departure days in February 2027' });
    expect(calls[0]!.body).toMatchObject({ view: 'month', departureDate: '2027-02-10' });
    const buttons = within(bars).getAllByRole('button');
    expect(buttons).toHaveLength(28);
    const cheapest = formatPrice(customerAmount(trip('201.00')), 'USD');
    expect(buttons[1]).toHaveAccessibleName(`Departing Tue, Feb 2: ${cheapest}, cheapest, Live`);
    expect(buttons[0]).toHaveAccessibleName('Departing Mon, Feb 1: Could not check');
    expect(buttons[27]).toHaveAccessibleName('Departing Sun, Feb 28: No flights');
    expect(buttons[9]).toHaveAttribute('aria-current', 'date');
    const table = screen.getByRole('table', { name: 'Cheapest price per departure day in February 2027' });
    expect(within(table).getAllByRole('row')).toHaveLength(29);
    expect(within(table).getByRole('row', { name: /^Tue, Feb 2 / })).toHaveTextContent(`${cheapest} (cheapest)`);
  });

  it('moves between bars with the arrow keys (one tab stop), and Enter runs that day’s search', async () => {
    fakeEngine({ 'GET /api/flights/calendar': [200, { cells: month(), pending: 0 }] });
    const { router } = render();
    const bars = await screen.findByRole('toolbar');
    const buttons = within(bars).getAllByRole('button');
    expect(buttons.filter((button) => button.tabIndex === 0)).toEqual([buttons[9]]);
    await userEvent.tab();
    await userEvent.tab();
    expect(buttons[9]).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowLeft}');
    expect(buttons[10]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const url = new URL(router.state.location.pathname + router.state.location.search, 'http://x');
    expect(url.searchParams.get('departureDate')).toBe('2027-02-11');
    expect(url.searchParams.get('monthPrices')).toBe('1');
  });

  it('stays closed until asked, and asks again while days are pending', async () => {
    let asked = 0;
    const { calls } = fakeEngine({
      'GET /api/flights/calendar': () => {
        asked += 1;
        const cells = month().map((each, index) => (asked === 1 && index > 3 ? cell(index, 'pending') : each));
        return [200, { cells, pending: cells.filter((each) => each.status === 'pending').length }];
      },
    });
    render('/search');
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Show prices for the whole month' }));
    expect(await screen.findByRole('button', { name: 'Departing Sat, Feb 20: Searching…' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /Departing Sat, Feb 20: \$/ })).toBeInTheDocument());
    expect(asked).toBe(2);
  });

  it('keys: arrows step within the month, Home and End jump, others are left alone', () => {
    expect(nextBar('ArrowRight', 3, 28)).toBe(4);
    expect(nextBar('ArrowRight', 27, 28)).toBe(27);
    expect(nextBar('ArrowLeft', 0, 28)).toBe(0);
    expect(nextBar('Home', 12, 28)).toBe(0);
    expect(nextBar('End', 12, 28)).toBe(27);
    expect(nextBar('Tab', 12, 28)).toBeNull();
  });
});
