import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BEST_EXPLANATION } from '@contrail/shared/results/best';
import { searchFacets } from '@contrail/shared/results/facets';
import { offer, slice } from '@contrail/shared/results/test-support/offer-fixture';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../app/test-utils';
import { clearPreviousResults } from '../app/local-store';
import { fakeEngine } from '../test-support/engine';
import { SearchResultsPage } from './SearchResultsPage';

const SEARCH =
  '/search?origin=JFK&destination=LAX&departureDate=2026-12-20&adults=1&children=0&infants=0&cabinClass=economy&tripType=one-way';

const at = (time: string) => `2026-12-20T${time}`;
const nonStop = offer('off_direct', {
  total_amount: '300.00',
  total_emissions_kg: '400',
  slices: [slice([{ from: 'JFK', to: 'LAX', departing: at('08:00'), arriving: at('11:15') }], 'PT6H15M')],
});
const tight = offer('off_tight', {
  total_amount: '200.00',
  total_emissions_kg: '300',
  slices: [
    slice(
      [
        { from: 'JFK', to: 'ORD', departing: at('07:00'), arriving: at('09:00') },
        { from: 'ORD', to: 'LAX', departing: at('09:30'), arriving: at('12:00') },
      ],
      'PT8H',
    ),
  ],
});
const otherAirport = offer('off_change', {
  total_amount: '150.00',
  total_emissions_kg: '600',
  slices: [
    slice(
      [
        { from: 'JFK', to: 'ORD', departing: at('07:00'), arriving: at('09:00') },
        { from: 'MDW', to: 'LAX', departing: at('13:00'), arriving: at('15:30') },
      ],
      'PT11H30M',
    ),
  ],
});
const all = [otherAirport, tight, nonStop];

function answer(offers = all, sort = 'price-asc'): [number, unknown] {
  const meta = { total: offers.length, page: 1, limit: 30, sort, has_more: false };
  return [200, { offers, facets: searchFacets(all), meta }];
}

function render() {
  return renderRoutes([{ path: '/search', element: <SearchResultsPage /> }], SEARCH);
}

const card = (id: string) =>
  screen.getAllByRole('article').find((each) =>
    within(each)
      .queryByRole('link', { name: /View details/ })
      ?.getAttribute('href')
      ?.includes(id),
  )!;

beforeEach(() => {
  window.localStorage.clear();
  clearPreviousResults();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('comparing offers (issue 35)', () => {
  it('shows kg CO2e per passenger on every card, with a badge against the route median', async () => {
    fakeEngine({ 'POST /api/flights/search': answer() });
    render();
    await screen.findByRole('list', { name: 'Flight offers' });
    // The median of 300, 400 and 600 is 400.
    expect(within(card('off_tight')).getByText('300 kg CO2e per passenger')).toBeInTheDocument();
    expect(within(card('off_tight')).getByText('Lower emissions')).toBeInTheDocument();
    expect(within(card('off_direct')).getByText('Typical emissions')).toBeInTheDocument();
    expect(within(card('off_change')).getByText('Higher emissions')).toBeInTheDocument();
    expect(within(card('off_change')).getByText(/\+50% vs typical/)).toBeInTheDocument();
  });

  it('warns of a short connection and of a change of airport', async () => {
    fakeEngine({ 'POST /api/flights/search': answer() });
    render();
    await screen.findByRole('list', { name: 'Flight offers' });
    const warnings = (id: string) => within(card(id)).queryByRole('list', { name: 'Connection warnings' });
    expect(within(warnings('off_tight')!).getByText('Short connection in ORD: under 50 min')).toBeInTheDocument();
    expect(within(warnings('off_change')!).getByText('Change of airport: ORD to MDW')).toBeInTheDocument();
    expect(warnings('off_direct')).toBeNull();
  });

  it('sorts by Best on the engine and explains the weights in a tooltip, by keyboard too', async () => {
    const user = userEvent.setup();
    const { calls } = fakeEngine({
      'POST /api/flights/search': (body) => answer(all, (body as { sort: string }).sort),
    });
    render();
    await screen.findByRole('list', { name: 'Flight offers' });
    expect(screen.queryByRole('button', { name: 'How Best is sorted' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Sort by'), 'best');
    await waitFor(() => expect(calls.at(-1)!.body).toMatchObject({ sort: 'best' }));
    const hint = await screen.findByRole('button', { name: 'How Best is sorted' });
    act(() => hint.focus());
    expect((await screen.findByRole('tooltip')).textContent).toContain(BEST_EXPLANATION);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    // A tap opens it too (a phone has no hover).
    await user.click(hint);
    expect((await screen.findByRole('tooltip')).textContent).toContain(BEST_EXPLANATION);
  });

  it('filters by connecting airport on the engine', async () => {
    const user = userEvent.setup();
    const { calls } = fakeEngine({ 'POST /api/flights/search': answer() });
    render();
    await screen.findByRole('list', { name: 'Flight offers' });
    await user.click(screen.getByRole('button', { name: /Show Filters/ }));
    const airports = await screen.findByRole('group', { name: 'Connecting airports' });
    await user.click(within(airports).getByRole('checkbox', { name: /MDW/ }));
    await waitFor(() => expect(calls.at(-1)!.body).toMatchObject({ via: 'MDW' }));
    expect(screen.getByRole('slider', { name: 'Longest layover in hours' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Most kg CO2e per passenger' })).toBeInTheDocument();
  });
});
