import type { SearchOffer } from '@contrail/shared';
import { offer, slice } from '@contrail/shared/results/test-support/offer-fixture';
import { sortKey, sortOffers, type ProviderSort } from '@contrail/shared/results/sort';
import { describe, expect, it } from 'vitest';
import { MAX_PROVIDER_PAGE, OfferStream, type ListPage } from './offer-stream.js';

const SORTS: ProviderSort[] = ['price-asc', 'price-desc', 'duration-asc'];
const leg = { from: 'JFK', to: 'LAX', departing: '2026-12-20T08:00', arriving: '2026-12-20T11:00' };

/** Deterministic offers with few distinct prices and durations, so ties are everywhere. */
function offers(count: number, seed = 1): SearchOffer[] {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % n;
  };
  return Array.from({ length: count }, (_, index) =>
    offer(`off_${String(index).padStart(4, '0')}`, {
      total_amount: `${100 + next(12) * 25}.00`,
      slices: [slice([leg], `PT${4 + next(5)}H`)],
    }),
  );
}

/**
 * A provider listing sorted by the order's first criterion only, ties in its own order (here the
 * reverse of the offers' ids, unlike the shared order's), with index cursors; records each call.
 */
function provider(all: SearchOffer[], sort: ProviderSort, order: 'sorted' | 'unsorted' = 'sorted') {
  const listing =
    order === 'sorted' ? [...all].reverse().sort((a, b) => sortKey(a, sort) - sortKey(b, sort)) : [...all].reverse();
  const calls: Array<{ limit: number; after?: string }> = [];
  const list: ListPage = async (limit, after) => {
    calls.push({ limit, ...(after !== undefined && { after }) });
    expect(limit).toBeLessThanOrEqual(MAX_PROVIDER_PAGE);
    const start = after === undefined ? 0 : Number(after);
    const end = start + limit;
    return { offers: listing.slice(start, end), after: end < listing.length ? String(end) : null };
  };
  // Offers equal on both criteria keep the order they were found in, as a stable sort leaves them.
  const everything = sortOffers(listing, sort);
  return { list, calls, everything, read: () => calls.reduce((sum, call) => sum + call.limit, 0) };
}

const ids = (list: SearchOffer[]) => list.map((each) => each.id);

describe('OfferStream', () => {
  it.each(SORTS)(
    'serves %s pages exactly as sorting every offer would, reading only as far as they need',
    async (sort) => {
      const fake = provider(offers(300), sort);
      const { everything } = fake;
      const stream = new OfferStream(sort, fake.list);

      expect(ids(await stream.slice(0, 30))).toEqual(ids(everything.slice(0, 30)));
      expect(stream.complete).toBe(false);
      expect(fake.read()).toBeLessThan(300);
      expect(ids(await stream.slice(0, 100))).toEqual(ids(everything.slice(0, 100)));
      expect(ids(await stream.slice(100, 200))).toEqual(ids(everything.slice(100, 200)));
      expect(ids(await stream.slice(250, 350))).toEqual(ids(everything.slice(250)));
      expect(stream.complete).toBe(true);
      expect(stream.found).toBe(300);
    },
  );

  it('holds for any window over many random searches and orders', async () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const all = offers(20 + ((seed * 37) % 250), seed);
      for (const sort of SORTS) {
        const { list, everything } = provider(all, sort);
        const stream = new OfferStream(sort, list);
        for (const [start, end] of [
          [0, 30],
          [0, 100],
          [100, 200],
          [seed, seed + 7],
        ] as const) {
          expect(ids(await stream.slice(start, end)), `${sort} seed ${seed} ${start}-${end}`).toEqual(
            ids(everything.slice(start, end)),
          );
        }
      }
    }
  });

  it('reads a small search once and knows it is complete', async () => {
    const all = offers(12);
    const fake = provider(all, 'price-asc');
    const stream = new OfferStream('price-asc', fake.list);
    expect(await stream.slice(0, 30)).toHaveLength(12);
    expect(stream.complete).toBe(true);
    expect(await stream.slice(30, 60)).toEqual([]);
    expect(fake.calls).toHaveLength(1);
  });

  it('reads a listing that is not in the order to its end and sorts it itself', async () => {
    const fake = provider(offers(450), 'price-asc', 'unsorted');
    const stream = new OfferStream('price-asc', fake.list);
    expect(ids(await stream.slice(0, 30))).toEqual(ids(fake.everything.slice(0, 30)));
    expect(stream.complete).toBe(true);
    expect(fake.calls.slice(1).every((call) => call.limit === MAX_PROVIDER_PAGE)).toBe(true);
  });

  it('lets concurrent pages of one order share the provider calls', async () => {
    const alone = provider(offers(200), 'price-asc');
    await new OfferStream('price-asc', alone.list).slice(0, 30);
    const fake = provider(offers(200), 'price-asc');
    const stream = new OfferStream('price-asc', fake.list);
    await Promise.all([stream.slice(0, 30), stream.slice(0, 30), stream.slice(0, 30)]);
    expect(fake.calls).toEqual(alone.calls);
  });

  it('gives a failed read to its callers and reads again on the next page', async () => {
    const fake = provider(offers(100), 'price-asc');
    let fail = true;
    const stream = new OfferStream('price-asc', async (limit, after) => {
      if (fail) {
        fail = false;
        throw new Error('provider down');
      }
      return fake.list(limit, after);
    });
    await expect(stream.slice(0, 30)).rejects.toThrow('provider down');
    expect(ids(await stream.slice(0, 30))).toEqual(ids(fake.everything.slice(0, 30)));
  });
});
