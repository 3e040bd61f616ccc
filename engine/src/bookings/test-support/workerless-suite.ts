import type { FlightOffer } from '@contrail/shared';
import { beforeAll } from 'vitest';
import type { SqlBackend } from '../../test-support/sql.js';
import { searchOffers, type BookingHarness } from './booking-harness.js';
import { harnessPerBackend } from './harness-per-backend.js';

export interface WorkerlessSuite {
  harness: BookingHarness;
  offers: FlightOffer[];
}

/**
 * A suite's booking harness without workers (a job waits in its queue until a test runs its
 * handler), with `offerCount` offers searched: opened before the suite's tests, closed after them.
 */
export function workerlessSuite(backend: SqlBackend, offerCount: number): WorkerlessSuite {
  const suite: WorkerlessSuite = {
    harness: harnessPerBackend(backend, { workers: false, orderWaitMs: 200 }),
    offers: [],
  };
  beforeAll(async () => {
    suite.offers = await searchOffers(suite.harness, offerCount);
  });
  return suite;
}
