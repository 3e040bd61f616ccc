// Bookings end to end on the embedded engine: process-card, then POST /api/bookings, which waits
// for the create-order job (Duffel sandbox order, Stripe sandbox capture, confirmation). Figures:
// bookings per second, and the p95 time from POST /api/bookings to its answer. Jobs in-process
// (PGlite), then on BullMQ when REDIS_URL is set.
import { performance } from 'node:perf_hooks';
import type { FlightOffer } from '@contrail/shared';
import { openPglite } from '../storage/pglite.js';
import { runMigrations } from '../storage/migrations.js';
import { migrations } from '../runtime/migrations.js';
import { bullmqTestQueue } from '../test-support/jobs.js';
import {
  authorize,
  bookingBody,
  bookingHarness,
  invariantViolations,
  searchOffers,
} from './test-support/booking-harness.js';
import type { JobQueue } from '../jobs/job-queue.js';

const TOTAL = Number(process.env.BOOKINGS_BENCH_TOTAL ?? 40);
const CONCURRENCY = Number(process.env.BOOKINGS_BENCH_CONCURRENCY ?? 8);

let rowsDone = 0;

async function run(label: string, queue?: () => { queue: JobQueue; close(): Promise<void> }) {
  const sql = await openPglite();
  await runMigrations(sql, migrations);
  const external = queue?.();
  const harness = await bookingHarness(sql, { ...(external && { jobs: () => external.queue }) });
  const offers: FlightOffer[] = [];
  for (let days = 20; offers.length < TOTAL + 4; days += 1) offers.push(...(await searchOffers(harness, days)));
  let next = 0;
  const book = async () => {
    const index = next++;
    const offer = offers[index]!;
    const payment = await authorize(harness, offer);
    const start = performance.now();
    const answer = await harness
      .api()
      .post('/api/bookings')
      .set('Idempotency-Key', `bench-${rowsDone}-${index}`)
      .send(bookingBody(offer, payment.body.paymentId, `bench${index}@example.com`));
    if (answer.status !== 201) throw new Error(`booking answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return performance.now() - start;
  };
  for (let i = 0; i < 4; i += 1) await book(); // warm-up
  const latencies: number[] = [];
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < TOTAL + 4) latencies.push(await book());
    }),
  );
  const elapsed = performance.now() - start;
  const violations = await invariantViolations(harness);
  await harness.close();
  await external?.close();
  await sql.close();
  rowsDone += 1;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]!;
  return {
    jobs: label,
    bookings: latencies.length,
    concurrency: CONCURRENCY,
    'bookings/s': +((latencies.length / elapsed) * 1000).toFixed(2),
    'POST p50 ms': +at(0.5).toFixed(0),
    'POST p95 ms': +at(0.95).toFixed(0),
    'invariant violations': violations.length,
  };
}

const rows = [await run('in-process (PGlite)')];
const redisUrl = process.env.REDIS_URL;
if (redisUrl) rows.push(await run('BullMQ (PGlite + Redis)', () => bullmqTestQueue(redisUrl)));
else console.log('REDIS_URL is not set: the BullMQ row is skipped');
console.table(rows);
