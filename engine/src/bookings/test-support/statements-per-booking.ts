import type { FlightOffer } from '@contrail/shared';
import { postgresEventStore } from '../../eventstore/postgres-eventstore.js';
import { inProcessJobQueue } from '../../jobs/in-process-queue.js';
import { runMigrations } from '../../storage/migrations.js';
import { openPglite } from '../../storage/pglite.js';
import { migrations } from '../../storage/schema.js';
import { countingSql, type CountingSql } from '../../test-support/counting-sql.js';
import { fastRetries } from '../../test-support/jobs.js';
import { authorize, bookingBody, bookingHarness, searchOffers, type BookingHarness } from './booking-harness.js';

/** Statements that only the mounted provider sandboxes send (a real Duffel or Stripe costs no SQL here). */
const SANDBOX_TABLE = /\b(duffel|stripe)_sandbox_\w+/;

export interface StatementCount {
  /** Every statement the engine sent for one booking, from process-card to the confirmation sent. */
  total: number;
  /** The same without the mounted sandboxes' own statements. */
  engine: number;
  log: readonly string[];
}

/** Waits until no statement has been sent for `quietMs`: the booking's background work is done. */
async function quiet(sql: CountingSql, quietMs = 400): Promise<void> {
  for (let seen = -1; seen !== sql.statements;) {
    seen = sql.statements;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
}

/**
 * Counts the SQL statements of guest bookings (a new email each, so an account is made) on
 * embedded PGlite, through the SqlClient port: process-card, POST /api/bookings, the order job,
 * the projections and the confirmation. Fallback polls are set far apart so idle polling, which
 * depends on time and not on bookings, stays out of the count.
 */
export async function statementsPerBooking(
  bookings = 3,
): Promise<{ counts: StatementCount[]; close(): Promise<void> }> {
  const inner = await openPglite();
  await runMigrations(inner, migrations);
  const sql = countingSql(inner);
  const harness: BookingHarness = await bookingHarness(sql, {
    jobs: (db) => inProcessJobQueue({ sql: db, pollIntervalMs: 60_000, concurrency: 8, definitions: fastRetries }),
    eventStore: postgresEventStore(sql, { pollIntervalMs: 60_000 }),
  });
  const offers: FlightOffer[] = await searchOffers(harness, 25);
  const counts: StatementCount[] = [];
  for (let index = 0; index < bookings + 1; index += 1) {
    const offer = offers[index]!;
    await quiet(sql);
    sql.reset();
    const payment = await authorize(harness, offer);
    if (payment.status !== 200) throw new Error(`process-card answered ${payment.status}`);
    const booked = await harness
      .api()
      .post('/api/bookings')
      .set('Idempotency-Key', `statements-${index}`)
      .send(bookingBody(offer, payment.body.paymentId, `statements${index}@example.com`));
    if (booked.status !== 201) throw new Error(`booking answered ${booked.status}: ${JSON.stringify(booked.body)}`);
    await quiet(sql);
    const log = [...sql.log];
    // The first booking also warms caches (brands, verification, keys): it is left out.
    if (index > 0)
      counts.push({ total: log.length, engine: log.filter((text) => !SANDBOX_TABLE.test(text)).length, log });
  }
  return {
    counts,
    async close() {
      await harness.close();
      await inner.close();
    },
  };
}
