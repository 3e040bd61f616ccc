import { randomBytes } from 'node:crypto';
import type { FlightOffer } from '@contrail/shared';
import { postgresEventStore } from '../../eventstore/postgres-eventstore.js';
import { inProcessJobQueue } from '../../jobs/in-process-queue.js';
import { openPglite } from '../../storage/pglite.js';
import { countingSql, type CountingSql } from '../../test-support/counting-sql.js';
import { bullmqTestQueue, fastRetries } from '../../test-support/jobs.js';
import { sqlBackends } from '../../test-support/sql.js';
import { pgliteSnapshot } from '../../test-support/sql-templates.js';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { authorize, bookingBody, bookingHarness, searchOffers, type BookingHarness } from './booking-harness.js';
import { sleep } from '@contrail/shared/time/sleep';
import { CLAIM_HEARTBEAT } from './claim-heartbeat.js';

/** Statements that only the mounted provider sandboxes send (a real Duffel or Stripe costs no SQL here). */
const SANDBOX_TABLE = /\b(duffel|stripe)_sandbox_\w+/;
/**
 * The projections' and the saga's commits of a batch: bookings whose events arrive together share
 * them, so how many a booking pays depends on how its events interleave with others' in time.
 */
const BATCH_COMMIT =
  /^(BEGIN|COMMIT)$|^WITH previous AS \( SELECT name, commit_position|^UPDATE projection_checkpoints /;

/**
 * A subscription's read of the events after its checkpoint. On PostgreSQL a read that an open
 * transaction elsewhere on the server holds back is read again (the gap-free rule,
 * eventstore/postgres-eventstore.ts), so their number follows the server's other work.
 */
const FOLLOW_READ =
  /^SELECT transaction_id::text AS commit, .* FROM es_events WHERE \(transaction_id, global_position\) > /;

export interface StatementCount {
  /** Every statement the engine sent per booking, from process-card to the confirmation sent (a mean with `atOnce`). */
  total: number;
  /** The same without the mounted sandboxes' own statements and the claims' heartbeats. */
  engine: number;
  /** The claims' heartbeats (per booking): more on a slower machine. */
  heartbeats: number;
  /** `engine` without the batches' commits (BATCH_COMMIT): what each booking costs by itself. */
  own: number;
  /** `own` without the subscriptions' reads of new events (FOLLOW_READ): what the server's other work cannot change. */
  steady: number;
  log: readonly string[];
}

/**
 * Waits until no statement has been sent for `scaled(quietMs)`: the booking's background work is
 * done. On a busy machine a pause in that work lasts longer; too short a window can let a booking's
 * last statements land in the next round's count.
 */
async function quiet(sql: CountingSql, quietMs = 400): Promise<void> {
  for (let seen = -1; seen !== sql.statements;) {
    seen = sql.statements;
    await sleep(scaled(quietMs));
  }
}

export interface StatementOptions {
  /** Embedded PGlite with the in-process queue (default), or PostgreSQL (DATABASE_URL) with BullMQ on Redis. */
  postgres?: { redisUrl: string };
  /** Bookings made at once in each measured round (default 1): the cost per booking under load. */
  atOnce?: number;
}

/** The database and job queue of a count: the embedded default's, or the scaled shape's. */
async function countedSetup(options: StatementOptions) {
  if (!options.postgres) {
    const inner = await openPglite(undefined, await pgliteSnapshot());
    const sql = countingSql(inner);
    const jobs = inProcessJobQueue({ sql, pollIntervalMs: 60_000, concurrency: 8, definitions: fastRetries });
    return { sql, jobs, close: () => inner.close() };
  }
  const postgres = sqlBackends().find((backend) => backend.name === 'postgres');
  if (!postgres) throw new Error('Counting on PostgreSQL needs DATABASE_URL');
  const inner = await postgres.open();
  const queue = bullmqTestQueue(options.postgres.redisUrl);
  return { sql: countingSql(inner), jobs: queue.queue, close: async () => (await queue.close(), await inner.close()) };
}

/**
 * Counts the SQL statements of guest bookings (a new email each, so an account is made) through
 * the SqlClient port: process-card, POST /api/bookings, the order job, the projections and the
 * confirmation. On embedded PGlite (the in-process queue) by default; with `postgres`, on
 * PostgreSQL with BullMQ, the engine's and the worker's work in one process (as one engine and one
 * worker). Fallback polls are set far apart so idle polling, which depends on time and not on
 * bookings, stays out of the count. One booking at a time counts the batched work (projection
 * commits, the saga's checkpoint) for each booking alone; `atOnce` bookings share it, as under load.
 */
export async function statementsPerBooking(
  bookings = 3,
  options: StatementOptions = {},
): Promise<{ counts: StatementCount[]; close(): Promise<void> }> {
  const atOnce = options.atOnce ?? 1;
  const setup = await countedSetup(options);
  const { sql } = setup;
  const harness: BookingHarness = await bookingHarness(sql, {
    jobs: () => setup.jobs,
    eventStore: postgresEventStore(sql, { pollIntervalMs: 60_000 }),
  });
  const offers: FlightOffer[] = await searchOffers(harness, 25);
  const counts: StatementCount[] = [];
  const run = randomBytes(3).toString('hex');
  const book = async (index: number) => {
    const offer = offers[index]!;
    const payment = await authorize(harness, offer);
    if (payment.status !== 200) throw new Error(`process-card answered ${payment.status}`);
    const booked = await harness
      .api()
      .post('/api/bookings')
      .set('Idempotency-Key', `statements-${run}-${index}`)
      .send(bookingBody(offer, payment.body.paymentId, `statements${index}-${run}@example.com`));
    if (booked.status !== 201) throw new Error(`booking answered ${booked.status}: ${JSON.stringify(booked.body)}`);
  };
  for (let round = 0; round < bookings + 1; round += 1) {
    await quiet(sql);
    sql.reset();
    await Promise.all(Array.from({ length: atOnce }, (_, index) => book(round * atOnce + index)));
    await quiet(sql);
    const log = [...sql.log];
    const engine = log.filter((text) => !SANDBOX_TABLE.test(text) && !CLAIM_HEARTBEAT.test(text));
    const own = engine.filter((text) => !BATCH_COMMIT.test(text));
    // The first round also warms caches (brands, verification, keys): it is left out.
    if (round > 0)
      counts.push({
        total: log.length / atOnce,
        engine: engine.length / atOnce,
        heartbeats: log.filter((text) => CLAIM_HEARTBEAT.test(text)).length / atOnce,
        own: own.length / atOnce,
        steady: own.filter((text) => !FOLLOW_READ.test(text)).length / atOnce,
        log,
      });
  }
  return {
    counts,
    async close() {
      await harness.close();
      await setup.close();
    },
  };
}
