import { brotliDecompressSync } from 'node:zlib';
import { flightSearchFirstPageSchema } from '@contrail/shared/flights/offer';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_SANDBOX_CREDENTIALS } from '@contrail/sandboxes';
import { searchThreadEntry } from '../../runtime/search-thread-entry.js';
import type { FlightProviderSpec } from '../provider-spec.js';
import { FlightProviderError, type FlightSearchQuery } from '../provider.js';
import type { SearchPageRequest } from '../search-cache.js';
import { searchThreadPages, type SearchThreadPages } from './search-thread-pages.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

const mounted: FlightProviderSpec = {
  kind: 'mounted sandbox',
  token: TEST_SANDBOX_CREDENTIALS.duffelToken,
  basePath: 'http://sandboxes.in-process/sandbox/duffel/',
  timeoutMs: 10_000,
};
// The thread's sandbox runs on the real clock: a date a month ahead always has flights.
const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const search = (origin = 'JFK', destination = 'LAX'): FlightSearchQuery => ({
  origin,
  destination,
  departureDate: inAMonth,
  cabinClass: 'economy',
  adultsCount: 2,
  childrenCount: 0,
  infantsCount: 0,
});
const firstPage: SearchPageRequest = { sort: 'price-asc', page: 1, limit: 30, shape: 'first' };

let pages: SearchThreadPages | undefined;
afterEach(async () => {
  await pages?.close();
  pages = undefined;
});

function start(options: { answerTimeoutMs?: number; failures?: Error[] } = {}): SearchThreadPages {
  pages = searchThreadPages({
    flights: mounted,
    thread: searchThreadEntry(),
    // Starting the thread (its modules compiled on the way) takes a good part of this on a busy machine.
    answerTimeoutMs: options.answerTimeoutMs ?? scaled(30_000),
    onFailure: (error) => options.failures?.push(error),
  });
  return pages;
}

const decoded = (body: Uint8Array) => JSON.parse(brotliDecompressSync(body).toString('utf8')) as unknown;

describe('search pages on a thread of their own', () => {
  it('answers a page in brotli from one provider search, and knows the offers it listed', async () => {
    const thread = start();
    expect(thread.worker).toBeUndefined();
    const page = await thread.answer(search(), firstPage, 'br');
    expect(page.encoding).toBe('br');
    expect(page.etag).toMatch(/^W\/"/);
    const first = flightSearchFirstPageSchema.parse(decoded(page.body));
    expect(first.offers).toHaveLength(30);
    expect(first.meta).toMatchObject({ page: 1, limit: 30, sort: 'price-asc' });

    const again = await thread.answer(search(), firstPage, 'br');
    expect(again.etag).toBe(page.etag);
    const listed = first.offers[3]!;
    expect(await thread.recentOffer(listed.id)).toEqual({
      offer: listed,
      passengers: { adults: 2, children: 0, infants: 0 },
    });
    expect(await thread.recentOffer('off_never_listed')).toBeUndefined();
  });

  it('fails as the provider failed, with its kind (the sandbox times out STN to LHR)', async () => {
    const failure = await start()
      .answer(search('STN', 'LHR'), firstPage, 'gzip')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FlightProviderError);
    expect(failure).toMatchObject({ kind: 'timeout', status: 504 });
  });

  it('fails the pages in flight when the thread dies, says so, and starts another for the next page', async () => {
    const failures: Error[] = [];
    const thread = start({ failures });
    const inFlight = thread.answer(search(), firstPage, 'br');
    const first = thread.worker!;
    await first.terminate();
    await expect(inFlight).rejects.toThrow(/the search thread stopped/);
    expect(failures.map(String)).toEqual([expect.stringMatching(/the search thread stopped/)]);

    const page = await thread.answer(search(), firstPage, 'br');
    expect(thread.worker).not.toBe(first);
    expect(flightSearchFirstPageSchema.parse(decoded(page.body)).offers).toHaveLength(30);
  });

  it('times a page out as the provider would, and replaces a thread that late', async () => {
    const failures: Error[] = [];
    // Starting the thread alone takes longer than this.
    const thread = start({ answerTimeoutMs: 1, failures });
    const failure = await thread.answer(search(), firstPage, 'br').catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'timeout' });
    expect(failures.map(String)).toEqual([expect.stringMatching(/replaced: it did not answer a page in time/)]);
    const late = thread.worker!;
    await expect(thread.answer(search(), firstPage, 'br')).rejects.toMatchObject({ kind: 'timeout' });
    expect(thread.worker).not.toBe(late);
  });

  it('answers no offer before any search, and nothing once closed', async () => {
    const thread = start();
    expect(await thread.recentOffer('off_anything')).toBeUndefined();
    expect(thread.worker).toBeUndefined();
    await thread.answer(search(), firstPage, 'identity');
    const worker = thread.worker!;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    await thread.close();
    await exited;
    await expect(thread.answer(search(), firstPage, 'br')).rejects.toThrow('the search thread is closed');
  });
});
