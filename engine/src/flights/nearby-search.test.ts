import type { SearchOffer } from '@contrail/shared';
import { nearbyRoutes, NEARBY_ROUTE_SEARCHES } from '@contrail/shared/reference/nearby-routes';
import { offer, slice } from '@contrail/shared/results/test-support/offer-fixture';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import type { FlightSearchQuery } from './provider.js';
import { SearchCache, type SearchPageRequest, type SearchProvider } from './search-cache.js';

const query = (nearbyAirports?: boolean): FlightSearchQuery => ({
  origin: 'LHR',
  destination: 'JFK',
  departureDate: '2026-12-20',
  cabinClass: 'economy',
  adultsCount: 1,
  childrenCount: 0,
  infantsCount: 0,
  ...(nearbyAirports !== undefined && { nearbyAirports }),
});
const firstPage: SearchPageRequest = { sort: 'price-asc', page: 1, limit: 30, shape: 'first' };

/** Two offers per route searched, the typed route's dearest: counts searches, fails the routes asked to. */
function routeProvider(failing: string[] = []) {
  const searched: string[] = [];
  const provider: SearchProvider = {
    startSearch: async ({ origin, destination }) => {
      const route = `${origin}-${destination}`;
      searched.push(route);
      if (failing.includes(route)) throw new Error(`${route} failed`);
      return route;
    },
    listOffers: async (route) => {
      const [from, to] = route.split('-') as [string, string];
      const base = route === 'LHR-JFK' ? 500 : 300 + searched.indexOf(route);
      const leg = { from, to, departing: '2026-12-20T08:00', arriving: '2026-12-20T11:00' };
      const offers: SearchOffer[] = [0, 1].map((index) =>
        offer(`off_${from}_${to}_${index}`, { total_amount: `${base + index}.00`, slices: [slice([leg])] }),
      );
      return { offers, after: null };
    },
  };
  return { provider, searched };
}

const cache = (provider: SearchProvider) =>
  new SearchCache(new ManualClock(), provider, {
    freshMs: 5 * 60_000,
    keptMs: 10 * 60_000,
    maxEntries: 30,
    maxAnswerBytes: 2 ** 20,
  });

const offersOf = async (searches: SearchCache, asked: FlightSearchQuery) =>
  JSON.parse((await searches.answer(asked, firstPage)).body.toString('utf8')) as {
    offers: SearchOffer[];
    meta: { total: number; has_more: boolean };
  };

const routeOf = (found: SearchOffer) =>
  `${found.slices[0]!.origin.iata_code}-${found.slices[0]!.destination.iata_code}`;

describe('a search with nearby airports (issue 34)', () => {
  it('runs the nearby routes, at most the budget, and lists their offers with the typed route’s, in price order', async () => {
    const { provider, searched } = routeProvider();
    const answer = await offersOf(cache(provider), query(true));
    const routes = nearbyRoutes('LHR', 'JFK').map((route) => `${route.origin}-${route.destination}`);
    expect(searched.sort()).toEqual([...routes].sort());
    expect(searched).toHaveLength(NEARBY_ROUTE_SEARCHES);
    expect(new Set(answer.offers.map(routeOf))).toEqual(new Set(routes));
    expect(answer.meta).toMatchObject({ total: routes.length * 2, has_more: false });
    const prices = answer.offers.map((found) => Number(found.total_amount));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('shares each route’s search with a plain search of it, within the cache’s freshness', async () => {
    const { provider, searched } = routeProvider();
    const searches = cache(provider);
    await offersOf(searches, query());
    await offersOf(searches, query(true));
    await offersOf(searches, { ...query(), origin: 'LCY' });
    expect(searched.filter((route) => route === 'LHR-JFK')).toHaveLength(1);
    expect(searched.filter((route) => route === 'LCY-JFK')).toHaveLength(1);
    expect(searched).toHaveLength(NEARBY_ROUTE_SEARCHES);
    const plain = await offersOf(searches, query(false));
    expect(new Set(plain.offers.map(routeOf))).toEqual(new Set(['LHR-JFK']));
  });

  it('a nearby route that fails leaves its flights out; the typed route failing fails the search', async () => {
    const around = routeProvider(['LHR-LGA']);
    const answer = await offersOf(cache(around.provider), query(true));
    expect(answer.offers.map(routeOf)).not.toContain('LHR-LGA');
    expect(answer.offers.map(routeOf)).toContain('LHR-JFK');

    const typed = routeProvider(['LHR-JFK']);
    await expect(offersOf(cache(typed.provider), query(true))).rejects.toThrow('LHR-JFK failed');
  });
});
