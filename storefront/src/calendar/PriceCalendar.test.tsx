import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CalendarCell } from '@contrail/shared/flights/calendar';
import { customerAmount } from '@contrail/shared/pricing/price-offer';
import { formatPrice } from '@contrail/shared/results/format';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../app/test-utils';
import { fakeEngine } from '../test-support/engine';
import { FlexibleDates } from './FlexibleDates';

const ONE_WAY = {
  origin: 'SEA',
  destination: 'SFO',
  departureDate: '2026-12-10',
  adultsCount: 1,
  childrenCount: 0,
  infantsCount: 0,
  cabinClass: 'economy' as const,
  tripType: 'one-way' as const,
};

const days = ['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12', '2026-12-13'];

const trip = (total_amount: string) => ({
  total_amount,
  total_currency: 'USD',
  owner: { iata_code: 'AS' },
  slices: [{ origin: { iata_code: 'SEA', country_code: 'US' }, destination: { iata_code: 'SFO', country_code: 'US' } }],
});

function cell(departureDate: string, status: CalendarCell['status'], amount?: string, live = true): CalendarCell {
  return {
    departureDate,
    returnDate: null,
    status,
    cheapest: amount ? trip(amount) : null,
    checkedAt: amount ? (live ? '2026-12-01T12:00:00.000Z' : new Date(Date.now() - 3 * 3_600_000).toISOString()) : null,
    live,
  };
}

function Where() {
  return null;
}

function render(path = '/search?flexibleDates=1') {
  return renderRoutes(
    [
      { path: '/search', element: <FlexibleDates search={ONE_WAY} /> },
      { path: '*', element: <Where /> },
    ],
    path,
  );
}

describe('flexible dates on the results page', () => {
  it('opens when the form asked for ±3 days: every day with its price, the cheapest marked, states in words', async () => {
    const cells = [
      cell(days[0]!, 'priced', '200.00'),
      cell(days[1]!, 'priced', '150.00', false),
      cell(days[2]!, 'failed'),
      cell(days[3]!, 'priced', '180.00'),
      cell(days[4]!, 'none'),
      cell(days[5]!, 'priced', '300.00'),
      cell(days[6]!, 'priced', '210.00'),
    ];
    fakeEngine({ 'GET /api/flights/calendar': [200, { cells, pending: 0 }] });
    render();
    const strip = await screen.findByRole('list', { name: 'Departure dates' });
    const buttons = within(strip).getAllByRole('button');
    expect(buttons).toHaveLength(7);
    const shown = formatPrice(customerAmount(trip('150.00')), 'USD');
    expect(buttons[1]).toHaveAccessibleName(`Departing Tue, Dec 8: ${shown}, cheapest, 3 h ago`);
    expect(buttons[0]).toHaveAccessibleName(/Live$/);
    expect(buttons[2]).toHaveAccessibleName('Departing Wed, Dec 9: Could not check');
    expect(buttons[4]).toHaveAccessibleName('Departing Fri, Dec 11: No flights');
    expect(buttons[3]).toHaveAttribute('aria-current', 'date');
  });

  it('asks again while days are pending, and shows each as it arrives', async () => {
    let asked = 0;
    fakeEngine({
      'GET /api/flights/calendar': () => {
        asked += 1;
        const cells = days.map((day, index) =>
          asked === 1 && index > 2 ? cell(day, 'pending') : cell(day, 'priced', `${100 + index}.00`),
        );
        return [200, { cells, pending: cells.filter((each) => each.status === 'pending').length }];
      },
    });
    render();
    expect(await screen.findByRole('button', { name: /Departing Sun, Dec 13: Searching/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /Departing Sun, Dec 13: \$/ })).toBeInTheDocument());
    expect(asked).toBe(2);
  });

  it('stays closed until asked, then loads; choosing a day runs its search, keeping the calendar open', async () => {
    const { calls } = fakeEngine({
      'GET /api/flights/calendar': [200, { cells: days.map((day) => cell(day, 'priced', '120.00')), pending: 0 }],
    });
    const { router } = render('/search');
    const toggle = screen.getByRole('button', { name: 'Compare prices ±3 days' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(calls).toHaveLength(0);
    await userEvent.click(toggle);
    await userEvent.click(await screen.findByRole('button', { name: /Departing Mon, Dec 7/ }));
    const url = new URL(router.state.location.pathname + router.state.location.search, 'http://x');
    expect(url.searchParams.get('departureDate')).toBe('2026-12-07');
    expect(url.searchParams.get('origin')).toBe('SEA');
    expect(url.searchParams.get('flexibleDates')).toBe('1');
  });
});
