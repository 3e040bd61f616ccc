import { scaled } from '@contrail/shared/test-support/time-scale';
import { afterAll, beforeAll } from 'vitest';
import type { SqlClient } from '../../storage/sql.js';
import type { SqlBackend } from '../../test-support/sql.js';
import { bookingHarness, type BookingHarness, type HarnessOptions } from './booking-harness.js';

/**
 * The booking harness of a suite on one backend (a `describe.each(sqlBackends())` body, or a suite on
 * `sqlBackends()[0]`): a fresh database of the backend and a harness over it, opened before the suite's
 * cases and closed after them. Call it first in the suite, so that its other hooks find the harness
 * open and are done with it before it closes.
 *
 * The harness is returned at once and filled in before the cases run (its members are closures, so
 * a copy serves as well as the original): the cases read it as they would a `let` set in beforeAll.
 */
export function harnessPerBackend(backend: SqlBackend, options?: HarnessOptions): BookingHarness {
  const harness = {} as BookingHarness;
  let sql: SqlClient | undefined;
  beforeAll(async () => {
    sql = await backend.open();
    Object.assign(harness, await bookingHarness(sql, options));
  }, scaled(120_000));
  afterAll(async () => {
    await harness.close?.();
    await sql?.close();
  });
  return harness;
}
