import { searchFacets } from '@contrail/shared/results/facets';
import { offer, slice } from '@contrail/shared/results/test-support/offer-fixture';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../app/test-utils';
import { fakeEngine } from '../test-support/engine';
import { SearchResultsPage } from './SearchResultsPage';

const SLICES = 'JFK-LHR-2026-12-20,LHR-CDG-2026-12-23,CDG-JFK-2026-12-28';
const SEARCH = `/search?tripType=multi-city&slices=${SLICES}&adults=1&children=0&infants=0&cabinClass=economy`;

const threeFlights = offer('off_multi', {
  total_amount: '812.00',
  slices: [
    slice([{ from: 'JFK', to: 'LHR', departing: '2026-12-20T18:00', arriving: '2026-12-21T06:00', carrier: 'BA' }]),
    slice([{ from: 'LHR', to: 'CDG', departing: '2026-12-23T09:00', arriving: '2026-12-23T11:15', carrier: 'BA' }]),
    slice([{ from: 'CDG', to: 'JFK', departing: '2026-12-28T11:00', arriving: '2026-12-28T13:40', carrier: 'BA' }]),
  ],
});

describe('multi-city results (issue 34)', () => {
  it('asks the engine for every flight, names the trip in the summary and each flight on its card', async () => {
    const page = { offers: [threeFlights], facets: searchFacets([threeFlights]) };
    const meta = { total: 1, page: 1, limit: 30, sort: 'price-asc', has_more: false };
    const { calls } = fakeEngine({ 'POST /api/flights/search': [200, { ...page, meta }] });
    renderRoutes([{ path: '/search', element: <SearchResultsPage /> }], SEARCH);

    const card = await screen.findByRole('article');
    const body = calls.find((call) => call.path === '/api/flights/search')?.body as { slices: unknown[] };
    expect(body.slices).toEqual([
      { origin: 'JFK', destination: 'LHR', departureDate: '2026-12-20' },
      { origin: 'LHR', destination: 'CDG', departureDate: '2026-12-23' },
      { origin: 'CDG', destination: 'JFK', departureDate: '2026-12-28' },
    ]);
    const summary = screen.getByRole('region', { name: 'Search summary' });
    expect(within(summary).getByText('Multi-city')).toBeInTheDocument();
    expect(within(summary).getByRole('heading', { level: 1 })).toHaveTextContent(/JFK.*LHR.*CDG.*JFK/);
    expect(within(summary).getByText(/Dec 20 · .*Dec 23 · .*Dec 28/)).toBeInTheDocument();
    expect(card).toHaveAccessibleName(/JFK to LHR, LHR to CDG, CDG to JFK/);
    expect(within(card).getByText('Flight 1')).toBeInTheDocument();
    expect(within(card).getByText('Flight 3')).toBeInTheDocument();
    // No flexible-dates grid: a multi-city trip has no one departure and return to move.
    expect(screen.queryByRole('button', { name: /Compare prices/ })).not.toBeInTheDocument();
  });
});
