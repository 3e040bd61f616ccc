import { Duffel, DuffelError } from '@duffel/api';
import { describe, expect, it } from 'vitest';
import {
  DUFFEL_SANDBOX_PATH,
  DuffelSandbox,
  sandboxesFetch,
  sandboxRoutes,
  TEST_SANDBOX_CREDENTIALS,
} from '@contrail/sandboxes';
import { systemClock } from '../clock.js';
import type { FetchFunction } from '../calls/sandbox-access.js';
import { useFetchTransport } from './duffel-fetch-transport.js';
import { duffelFlightProvider } from './duffel-provider.js';
import { providerFailure } from './provider-failure.js';
import { FlightProviderError, type FlightSearchQuery } from './provider.js';

// The official client against the Duffel sandbox (in-process, on the real clock) with a small rate
// limit: what the engine does with Duffel's 429s.
const token = TEST_SANDBOX_CREDENTIALS.duffelToken;
const basePath = `http://sandboxes.in-process${DUFFEL_SANDBOX_PATH}/`;
const CONCURRENT = 12;
/** The provider's own bound: a call goes at most three times (RATE_LIMIT_RETRIES + 1). */
const MOST_TRIES = 3;

const query: FlightSearchQuery = {
  origin: 'DEL',
  destination: 'BOM',
  departureDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  adultsCount: 1,
  childrenCount: 0,
  infantsCount: 0,
  cabinClass: 'economy',
};

function limitedSandbox(limit: number, windowMs: number) {
  const sandbox = new DuffelSandbox(systemClock);
  sandbox.rateLimits.set({ limit, windowMs }, token);
  const fetch = sandboxesFetch(sandboxRoutes({ duffelSandbox: sandbox, isLive: () => Promise.resolve(false) }));
  const requests = { count: 0 };
  const counting: FetchFunction = (input, init) => {
    requests.count += 1;
    return fetch(input, init);
  };
  return { fetch: counting, requests };
}

async function outcomes(calls: Array<Promise<string>>) {
  const settled = await Promise.allSettled(calls);
  const failures = settled.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
  return { succeeded: settled.length - failures.length, failures };
}

describe("the flight provider on Duffel's rate limits", () => {
  it('waits for the reset with every other call, so a burst makes a bounded number of calls and most succeed', async () => {
    const { fetch, requests } = limitedSandbox(3, 1_000);
    const provider = duffelFlightProvider(() => ({ token, basePath, fetch }));
    const { succeeded, failures } = await outcomes(
      Array.from({ length: CONCURRENT }, () => provider.startSearch(query)),
    );
    expect(requests.count).toBeLessThanOrEqual(CONCURRENT * MOST_TRIES);
    expect(succeeded).toBeGreaterThanOrEqual(3 * MOST_TRIES);
    for (const failure of failures) expect(failure).toMatchObject({ kind: 'rate_limited' });
  });

  it('fails at once with a clear message when the reset is further off than it may wait', async () => {
    const { fetch, requests } = limitedSandbox(2, 60_000);
    const provider = duffelFlightProvider(() => ({ token, basePath, fetch }), { rateLimitWaitMs: 0 });
    const { succeeded, failures } = await outcomes(
      Array.from({ length: CONCURRENT }, () => provider.startSearch(query)),
    );
    expect(succeeded).toBe(2);
    expect(requests.count).toBe(CONCURRENT);
    expect(failures).toHaveLength(CONCURRENT - 2);
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(FlightProviderError);
      expect(providerFailure(failure)).toMatchObject({
        status: 503,
        code: 'PROVIDER_BUSY',
        message: 'The flight provider is busy right now. Please try again in a minute.',
      });
    }
    const later = await provider.startSearch(query).catch((error: unknown) => error);
    expect(later).toMatchObject({ kind: 'rate_limited' });
    expect(requests.count).toBe(CONCURRENT);
  });

  it("gets the 429's request id in x-request-id as in meta.request_id, in-process too", async () => {
    const { fetch } = limitedSandbox(1, 60_000);
    const duffel = useFetchTransport(new Duffel({ token, basePath, apiVersion: 'v2' }), fetch);
    await duffel.airlines.list({ limit: 1 });
    const refused = await duffel.airlines.list({ limit: 1 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DuffelError);
    const { meta, headers, errors } = refused as InstanceType<typeof DuffelError>;
    expect(errors[0]).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' });
    expect(headers.get('x-request-id')).toBe(meta.request_id);
    expect(headers.get('ratelimit-remaining')).toBe('0');
  });
});
