import { searchFacets } from '@contrail/shared/results/facets';
import { screen } from '@testing-library/react';
import { firstPageRequest } from '@contrail/shared/results/results-params';
import { offer, slice } from '@contrail/shared/results/test-support/offer-fixture';
import { afterEach, describe, expect, it } from 'vitest';
import { requestBrandKey } from '../../brand/request-brand-key';
import { FlightDetailsPage } from '../../flight/FlightDetailsPage';
import { SearchResultsPage } from '../../results/SearchResultsPage';
import { fakeEngine } from '../../test-support/engine';
import { renderRoutes } from '../test-utils';
import { EARLY_ANSWER_MAX_AGE_MS, startEarlyRequests, takeEarlyResponse } from './early-fetch';
import { earlyRequests } from './early-requests';
import { validOffer } from '../../test-support/offer-validity';

const ORIGIN = 'https://shop.example';
const QUERY =
  'origin=JFK&destination=LAX&departureDate=2026-12-20&adults=2&children=0&infants=0&cabinClass=business&tripType=one-way';

const flight = offer('off_1', {
  total_amount: '200.00',
  slices: [
    slice(
      [{ from: 'JFK', to: 'LAX', departing: '2026-12-20T08:00', arriving: '2026-12-20T11:15', carrier: 'AA' }],
      'PT6H15M',
    ),
  ],
});
const valid = validOffer();

/** What the page's early chunk does (start.ts), here on the test's own location. */
function startEarly(path: string) {
  const url = new URL(path, window.location.origin);
  window.__contrailEarlyRequests = startEarlyRequests(earlyRequests(url), requestBrandKey());
}

afterEach(() => {
  delete window.__contrailEarlyRequests;
});

describe('earlyRequests', () => {
  it("describes the results' first page as searchApi sends it, with the sort of the URL", () => {
    const [search, ...rest] = earlyRequests({
      origin: ORIGIN,
      pathname: '/search',
      search: `?${QUERY}&sort=duration-asc`,
    });
    expect(rest).toEqual([]);
    expect(search).toEqual({ method: 'POST', url: `${ORIGIN}/api/flights/search`, body: expect.any(String) });
    expect(JSON.parse(search!.body!)).toEqual(
      firstPageRequest(
        {
          origin: 'JFK',
          destination: 'LAX',
          departureDate: '2026-12-20',
          returnDate: '',
          adultsCount: 2,
          childrenCount: 0,
          infantsCount: 0,
          cabinClass: 'business',
          tripType: 'one-way',
        },
        'duration-asc',
      ),
    );
  });

  it('describes the offer and its validity on the details, the offer on booking, nothing elsewhere', () => {
    expect(earlyRequests({ origin: ORIGIN, pathname: '/flight/off%201', search: '' })).toEqual([
      { method: 'GET', url: `${ORIGIN}/api/flights/offer/off%201` },
      { method: 'GET', url: `${ORIGIN}/api/flights/verify-offer/off%201` },
    ]);
    expect(earlyRequests({ origin: ORIGIN, pathname: '/booking', search: '?offer=off_1&adults=1' })).toEqual([
      { method: 'GET', url: `${ORIGIN}/api/flights/offer/off_1` },
    ]);
    for (const [pathname, search] of [
      ['/', ''],
      ['/search', '?origin=JFK'],
      ['/booking', ''],
      ['/flight/%E0%A4%A', ''],
      ['/my-trips', ''],
    ] as const) {
      expect(earlyRequests({ origin: ORIGIN, pathname, search }), pathname + search).toEqual([]);
    }
  });
});

describe('takeEarlyResponse', () => {
  it('gives a matching answer once, and none for another request, brand or an old answer', async () => {
    const answer = new Response('{}');
    const started = startEarlyRequests(
      [{ method: 'GET', url: `${ORIGIN}/api/flights/offer/off_1` }],
      'skyhop',
      () => Promise.resolve(answer),
      1_000,
    );
    window.__contrailEarlyRequests = started;
    const request = (brand: string, url = `${ORIGIN}/api/flights/offer/off_1`) =>
      new Request(url, { headers: { 'X-Brand-Key': brand } });
    expect(await takeEarlyResponse(request('nordlys'), 1_000)).toBeUndefined();
    expect(await takeEarlyResponse(request('skyhop', `${ORIGIN}/api/flights/offer/off_2`), 1_000)).toBeUndefined();
    expect(await takeEarlyResponse(request('skyhop'), 1_001 + EARLY_ANSWER_MAX_AGE_MS)).toBeUndefined();
    expect(await takeEarlyResponse(request('skyhop'), 1_000)).toBe(answer);
    expect(await takeEarlyResponse(request('skyhop'), 1_000)).toBeUndefined();
  });
});

describe('an early call', () => {
  it("is the results page's first search: asked once, then afresh on the next visit", async () => {
    const page = {
      offers: [flight],
      facets: searchFacets([flight]),
      meta: { total: 1, page: 1, limit: 30, sort: 'price-asc', has_more: false },
    };
    const { calls } = fakeEngine({ 'POST /api/flights/search': [200, page] });
    startEarly(`/search?${QUERY}`);
    const routes = [{ path: '/search', element: <SearchResultsPage /> }];
    const first = renderRoutes(routes, `/search?${QUERY}`);
    expect(await screen.findByRole('list', { name: 'Flight offers' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    first.unmount();

    renderRoutes(routes, `/search?${QUERY}`);
    expect(await screen.findByRole('list', { name: 'Flight offers' })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('answers the details page: the offer and its validity asked once each', async () => {
    const { calls } = fakeEngine({
      'GET /api/flights/offer/off_1': [200, flight],
      'GET /api/flights/verify-offer/off_1': [200, valid],
    });
    startEarly('/flight/off_1');
    renderRoutes([{ path: '/flight/:id', element: <FlightDetailsPage /> }], '/flight/off_1');
    expect(await screen.findByText('This offer is available.')).toBeInTheDocument();
    expect(calls.map((call) => call.path).sort()).toEqual([
      '/api/flights/offer/off_1',
      '/api/flights/verify-offer/off_1',
    ]);
    expect(window.__contrailEarlyRequests).toEqual([]);
  });
});
