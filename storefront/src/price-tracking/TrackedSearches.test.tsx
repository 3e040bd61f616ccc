import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TrackedSearchView } from '@contrail/shared/price-tracking/tracked-search-view';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../app/test-utils';
import { fakeEngine } from '../test-support/engine';
import { historySummary } from './PriceHistoryChart';
import { TrackedSearches } from './TrackedSearches';

const check = (checkedAt: string, priceMinor: number | null) => ({
  checkedAt,
  priceMinor,
  currency: priceMinor === null ? null : 'USD',
  departureDate: priceMinor === null ? null : '2027-02-10',
});

const alert = (trackingId: string, history: TrackedSearchView['history']): TrackedSearchView => ({
  trackingId,
  origin: 'SEA',
  destination: 'SFO',
  when: { kind: 'date', departureDate: '2027-02-10' },
  cabinClass: 'economy',
  adultsCount: 1,
  childrenCount: 0,
  infantsCount: 0,
  drop: { kind: 'percent', percent: 10 },
  status: 'active',
  startedAt: '2027-01-01T08:00:00.000Z',
  history,
});

const ID = '6f1c0a52-7d55-4b8e-9a43-1f0a2b3c4d5e';
const HISTORY = [
  check('2027-01-01T08:00:00.000Z', 13_200),
  check('2027-01-01T14:00:00.000Z', null),
  check('2027-01-01T20:00:00.000Z', 9_200),
];

describe('My Trips’ price alerts', () => {
  it('lists each tracked search with its price history as a labelled chart and as a table, and a link that runs it', async () => {
    fakeEngine({ 'GET /api/price-tracking': [200, { trackedSearches: [alert(ID, HISTORY)] }] });
    renderPage(<TrackedSearches />, '/my-trips');
    const card = await screen.findByRole('group', { name: 'SEA to SFO, Wed, Feb 10' });
    expect(card).toHaveTextContent('Emails on a drop of 10% or more');
    expect(card).toHaveTextContent('Latest cheapest price: $92');
    expect(within(card).getByRole('img')).toHaveAccessibleName(
      'Price history, 3 checks: first $132, latest $92, lowest $92',
    );
    const table = within(card).getByRole('table', { name: 'Cheapest price at each check' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(table).toHaveTextContent('No flights');
    const search = within(card).getByRole('link', { name: 'Search SEA to SFO now' });
    expect(new URL(search.getAttribute('href')!, 'http://x').searchParams.get('departureDate')).toBe('2027-02-10');
  });

  it('stops tracking at a press and lists what is left; says so when there is nothing', async () => {
    const user = userEvent.setup();
    let stopped = false;
    const { calls } = fakeEngine({
      'GET /api/price-tracking': () => [200, { trackedSearches: stopped ? [] : [alert(ID, HISTORY)] }],
      [`POST /api/price-tracking/${ID}/stop`]: () => {
        stopped = true;
        return [204, undefined];
      },
    });
    renderPage(<TrackedSearches />, '/my-trips');
    await user.click(await screen.findByRole('button', { name: 'Stop tracking SEA to SFO' }));
    expect(await screen.findByText(/No price alerts/)).toBeInTheDocument();
    expect(calls.map((call) => call.method)).toEqual(['GET', 'POST', 'GET']);
  });

  it('summarises a history in words: none yet, nothing on sale, one check', () => {
    expect(historySummary([])).toBe('Not checked yet');
    expect(historySummary([check('2027-01-01T08:00:00.000Z', null)])).toBe('No flights found yet');
    expect(historySummary([check('2027-01-01T08:00:00.000Z', 10_000)])).toBe(
      'Price history, 1 check: first $100, latest $100, lowest $100',
    );
  });
});
