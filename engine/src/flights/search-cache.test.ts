import { pricingOfMarkup } from '@contrail/shared/pricing/pricing';
import { gunzipSync } from 'node:zlib';
import type { SearchOffer } from '@contrail/shared';
import { offer, slice } from '@contrail/shared/results/test-support/offer-fixture';
import { EMPTY_FILTERS } from '@contrail/shared/results/filter-state';
import { sortKey, type SortOption } from '@contrail/shared/results/sort';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import type { FlightSearchQuery } from './provider.js';
import { RecentOffers } from './recent-offers.js';
import { SearchCache, type SearchCacheOptions, type SearchPageRequest, type SearchProvider } from './search-cache.js';

const leg = { from: 'JFK', to: 'LAX', departing: '2026-12-20T08:00', arriving: '2026-12-20T11:00' };
const params = (origin = 'JFK'): FlightSearchQuery => ({
  origin,
  destination: 'LAX',
  departureDate: '2026-12-20',
  cabinClass: 'economy',
  adultsCount: 1,
  childrenCount: 0,
  infantsCount: 0,
});
const firstPage: SearchPageRequest = { sort: 'price-asc', page: 1, limit: 30, shape: 'first' };
const loadMore = (page: number): SearchPageRequest => ({ sort: 'price-asc', page, limit: 100, shape: 'more' });

/** A provider of `count` offers priced 100, 101...: counts searches and offers listed; fails on demand. */
function fakeProvider(count = 150) {
  const all: SearchOffer[] = Array.from({ length: count }, (_, index) =>
    offer(`off_${index}`, { total_amount: `${100 + index}.00`, slices: [slice([leg], 'PT5H')] }),
  );
  const state = { searches: 0, listed: 0, failStart: false };
  const provider: SearchProvider = {
    startSearch: async () => {
      state.searches += 1;
      if (state.failStart) throw new Error('provider down');
      return `orq_${state.searches}`;
    },
    listOffers: async (_id, { sort, limit, after }) => {
      const listing = [...all].sort((a, b) => sortKey(a, sort) - sortKey(b, sort));
      const start = Number(after ?? 0);
      const offers = listing.slice(start, start + limit);
      state.listed += offers.length;
      return { offers, after: start + limit < listing.length ? String(start + limit) : null };
    },
  };
  return { provider, state };
}

function cache(provider: SearchProvider, options: Partial<SearchCacheOptions> = {}) {
  const clock = new ManualClock();
  const defaults = { freshMs: 5 * 60_000, keptMs: 10 * 60_000, maxEntries: 30, maxAnswerBytes: 2 ** 20 };
  return { clock, searches: new SearchCache(clock, provider, { ...defaults, ...options }) };
}

const json = (bytes: Buffer) => JSON.parse(bytes.toString('utf8'));

describe('SearchCache', () => {
  it('tells the recent offers every offer a page lists, with the passengers searched for', async () => {
    const { provider } = fakeProvider(150);
    const recent = new RecentOffers();
    const defaults = { freshMs: 5 * 60_000, keptMs: 10 * 60_000, maxEntries: 30, maxAnswerBytes: 2 ** 20 };
    const searches = new SearchCache(new ManualClock(), provider, defaults, recent);
    await searches.answer({ ...params(), adultsCount: 2, infantsCount: 1 }, firstPage);
    expect(recent.find('off_0')).toMatchObject({
      offer: { id: 'off_0', total_amount: '100.00' },
      passengers: { adults: 2, children: 0, infants: 1 },
    });
    expect(recent.find('off_29')).toBeDefined();
    // Not listed yet: page 1 shows 30.
    expect(recent.find('off_149')).toBeUndefined();
  });

  it('answers page 1 from one provider search, reading only what it shows, and keeps its bytes', async () => {
    const { provider, state } = fakeProvider(150);
    const { searches } = cache(provider);
    const [a, b] = await Promise.all([searches.answer(params(), firstPage), searches.answer(params(), firstPage)]);
    expect(a).toBe(b);
    expect(state.searches).toBe(1);
    expect(state.listed).toBeLessThan(50);
    const body = json(a.body);
    expect(body.offers.map((each: SearchOffer) => each.id)).toEqual(
      Array.from({ length: 30 }, (_, index) => `off_${index}`),
    );
    expect(body.meta).toEqual({ total: state.listed, page: 1, limit: 30, sort: 'price-asc', has_more: true });
    expect(a.etag).toMatch(/^W\/"/);
    expect(await searches.answer(params(), firstPage)).toBe(a);
  });

  it('reads further for load-more, learns the total at the end, and rebuilds page 1 with it', async () => {
    const { provider, state } = fakeProvider(150);
    const { searches } = cache(provider);
    const first = await searches.answer(params(), firstPage);
    const more = json((await searches.answer(params(), loadMore(1))).body);
    expect(more).toMatchObject({ page: 1, limit: 100, has_more: true });
    expect(more.offers).toHaveLength(100);
    const last = json((await searches.answer(params(), loadMore(2))).body);
    expect(last).toMatchObject({ total_count: 150, has_more: false });
    expect(last.offers).toHaveLength(50);
    expect(state.listed).toBe(150);

    const again = await searches.answer(params(), firstPage);
    expect(again).not.toBe(first);
    expect(again.etag).not.toBe(first.etag);
    expect(json(again.body).meta).toEqual({ total: 150, page: 1, limit: 30, sort: 'price-asc', has_more: false });
    expect(json(again.body).offers).toEqual(json(first.body).offers);
    expect(state.searches).toBe(1);
  });

  it('serves every order from the same provider search, each read in its own order', async () => {
    const { provider, state } = fakeProvider(150);
    const { searches } = cache(provider);
    const ids = async (sort: SortOption) =>
      json((await searches.answer(params(), { ...firstPage, sort })).body).offers.map((each: SearchOffer) => each.id);
    expect(await ids('price-asc')).toEqual(Array.from({ length: 30 }, (_, index) => `off_${index}`));
    expect(await ids('price-desc')).toEqual(Array.from({ length: 30 }, (_, index) => `off_${149 - index}`));
    expect(state.searches).toBe(1);
  });

  it('compresses a page once per encoding', async () => {
    const { searches } = cache(fakeProvider().provider);
    const answer = await searches.answer(params(), firstPage);
    const gzip = await answer.encoded('gzip');
    expect(await answer.encoded('gzip')).toBe(gzip);
    expect(gunzipSync(gzip)).toEqual(answer.body);
    expect((await answer.encoded('br')).length).toBeLessThan(answer.body.length / 4);
  });

  it('asks the provider again after 5 minutes', async () => {
    const { provider, state } = fakeProvider();
    const { clock, searches } = cache(provider);
    await searches.answer(params(), firstPage);
    clock.advance(5 * 60_000 - 1);
    await searches.answer(params(), firstPage);
    expect(state.searches).toBe(1);
    clock.advance(1);
    await searches.answer(params(), firstPage);
    expect(state.searches).toBe(2);
  });

  it('falls back to a kept search when a new one fails, but not after 10 minutes', async () => {
    const { provider, state } = fakeProvider();
    const { clock, searches } = cache(provider);
    const kept = await searches.answer(params(), firstPage);
    clock.advance(6 * 60_000);
    state.failStart = true;
    expect(await searches.answer(params(), firstPage)).toBe(kept);
    expect(await searches.answer(params(), firstPage)).toBe(kept);
    expect(state.searches).toBe(3);
    clock.advance(5 * 60_000);
    await expect(searches.answer(params(), firstPage)).rejects.toThrow('provider down');
    state.failStart = false;
    await searches.answer(params(), firstPage);
    expect(state.searches).toBe(5);
  });

  it('keeps a bounded number of searches', async () => {
    const { provider, state } = fakeProvider();
    const { searches } = cache(provider, { maxEntries: 2 });
    for (const origin of ['BOS', 'SFO', 'SEA', 'BOS']) await searches.answer(params(origin), firstPage);
    expect(state.searches).toBe(4);
  });

  it('lets the answers of a search go with it', async () => {
    const { provider } = fakeProvider();
    const { clock, searches } = cache(provider, { maxEntries: 2, maxAnswerBytes: 2 ** 24 });
    for (const origin of ['BOS', 'SFO']) {
      await searches.answer(params(origin), firstPage);
      await searches.answer(params(origin), loadMore(1));
    }
    expect(searches.answersKept).toBe(4);
    await searches.answer(params('SEA'), firstPage);
    expect(searches.answersKept).toBe(3);
    clock.advance(5 * 60_000);
    await searches.answer(params('SEA'), firstPage);
    expect(searches.answersKept).toBe(3);
  });
});

describe('SearchCache with filters and orders of its own', () => {
  const refundableOnly = { ...EMPTY_FILTERS, refundable: true };

  /** 150 offers priced 100, 101...: every third refundable, emissions falling as the price rises. */
  function mixedProvider() {
    const { provider, state } = fakeProvider(150);
    const listOffers: SearchProvider['listOffers'] = async (id, request) => {
      const page = await provider.listOffers(id, request);
      return {
        ...page,
        offers: page.offers.map((each) => {
          const index = Number(each.id.slice(4));
          return {
            ...each,
            total_emissions_kg: String(1000 - index),
            conditions: { ...each.conditions, refundable: index % 3 === 0 },
          };
        }),
      };
    };
    return { provider: { ...provider, listOffers }, state };
  }

  it('filters every offer found, counts the matches and all found, and pages the filtered list', async () => {
    const { provider, state } = mixedProvider();
    const { searches } = cache(provider);
    const first = json((await searches.answer(params(), { ...firstPage, filters: refundableOnly })).body);
    expect(state.listed).toBe(150);
    expect(first.meta).toMatchObject({ total: 50, has_more: false });
    expect(first.facets.found).toBe(150);
    expect(first.offers).toHaveLength(30);
    expect(first.offers.every((each: SearchOffer) => each.conditions.refundable)).toBe(true);
    const more = json((await searches.answer(params(), { ...loadMore(1), filters: refundableOnly })).body);
    expect(more).toMatchObject({ total_count: 50, has_more: false });
    expect(more.offers.map((each: SearchOffer) => each.id).slice(30, 32)).toEqual(['off_90', 'off_93']);
  });

  it('keeps the answers of other filters and pricings apart', async () => {
    const { searches } = cache(mixedProvider().provider);
    const all = await searches.answer(params(), { ...firstPage, sort: 'best' });
    const some = await searches.answer(params(), { ...firstPage, sort: 'best', filters: refundableOnly });
    const dearer = await searches.answer(params(), {
      ...firstPage,
      sort: 'best',
      pricing: { pricing: pricingOfMarkup(2), travellers: 1 },
    });
    expect(new Set([all.etag, some.etag, dearer.etag]).size).toBe(3);
    expect(json(dearer.body).facets.price).toEqual({ min: 200, max: 498 });
  });

  it('sorts by emissions and by Best over every offer found', async () => {
    const { searches } = cache(mixedProvider().provider);
    const greenest = json((await searches.answer(params(), { ...firstPage, sort: 'emissions-asc' })).body);
    expect(greenest.offers[0].id).toBe('off_149');
    expect(greenest.facets.emissionsKg).toEqual({ min: 851, max: 1000, median: 925.5 });
    const best = json((await searches.answer(params(), { ...firstPage, sort: 'best' })).body);
    expect(best.meta).toMatchObject({ total: 150, sort: 'best', has_more: false });
  });
});
