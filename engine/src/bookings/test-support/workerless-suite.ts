import type { FlightOffer } from '@contrail/shared';
import { afterAll, beforeAll } from 'vitest';
import type { SqlClient } from '../../storage/sql.js';
import type { SqlBackend } from '../../test-support/sql.js';
import { bookingHarness, searchOffers, type BookingHarness } from './booking-harness.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

export interface WorkerlessSuite {
  harness: BookingHarness;
  offers: FlightOffer[];
}

/**
 * A suite's booking harness without workers (a job waits in its queue until a test runs its
 * handler), with `offerCount` offers searched: opened before the suite's tests, closed after them.
 */
export function workerlessSuite(backend: SqlBackend, offerCount: number): WorkerlessSuite {
  const suite = {} as WorkerlessSuite;
  let sql: SqlClient | undefined;
  beforeAll(async () => {
    sql = await backend.open();
    suite.harness = await bookingHarness(sql, { workers: false, orderWaitMs: 200 });
    suite.offers = await searchOffers(suite.harness, offerCount);
  }, scaled(120_000));
  afterAll(async () => {
    await suite.harness?.close();
    await sql?.close();
  });
  return suite;
}
