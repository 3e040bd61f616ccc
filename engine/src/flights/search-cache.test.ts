import type { FlightOffer } from '@contrail/shared';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { SearchCache } from './search-cache.js';

const offers = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `off_${i}` }) as FlightOffer);

describe('SearchCache', () => {
  it('shares one load between concurrent callers and serves it fresh for 5 minutes', async () => {
    const clock = new ManualClock();
    const cache = new SearchCache(clock);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return offers(3);
    };
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect(a).toBe(b);
    clock.advance(5 * 60_000 - 1);
    await cache.get('k', load);
    expect(loads).toBe(1);
    clock.advance(1);
    await cache.get('k', load);
    expect(loads).toBe(2);
  });

  it('falls back to a kept result when the new search fails, but not after 10 minutes', async () => {
    const clock = new ManualClock();
    const cache = new SearchCache(clock);
    await cache.get('k', async () => offers(2));
    clock.advance(6 * 60_000);
    expect(await cache.get('k', () => Promise.reject(new Error('down')))).toHaveLength(2);
    clock.advance(5 * 60_000);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
  });

  it('keeps a bounded number of searches', async () => {
    const clock = new ManualClock();
    const cache = new SearchCache(clock, { freshMs: 60_000, keptMs: 120_000, maxEntries: 2 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return offers(1);
    };
    for (const key of ['a', 'b', 'c', 'a']) await cache.get(key, load);
    expect(loads).toBe(4);
  });
});
