/**
 * Bookings on the production path, as a browser makes them against real processes: POST
 * /api/payments/process-card, then POST /api/bookings until the booking is confirmed (201), with
 * the real password hasher, jobs and sandboxes. Timed from process-card to the confirmed answer.
 * Setups: the embedded default (one engine, PGlite, jobs in-process) and, when DATABASE_URL and
 * REDIS_URL are set, PostgreSQL + Redis with one engine and one worker process. Guest: a new email
 * each (an account is made); returning: the email of an existing account. Then the SQL statements
 * of one guest booking, counted at the SqlClient port on embedded PGlite.
 *
 * The machine may be shared: the load average is printed beside the figures, and the CPU each
 * booking cost the engine (and worker) processes, which a busy machine changes less than the
 * rate; compare rows of one run.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FlightOffer } from '@contrail/shared';
import { isInternationalOffer } from '@contrail/shared/booking/international';
import { duffelFlightProvider } from '../flights/duffel-provider.js';
import { sandboxCredentials } from '../sandbox/credentials.js';
import { openPostgres } from '../storage/postgres.js';
import { redisTestPrefix } from '../test-support/jobs.js';
import { startProcess, stopAll, type RealProcess } from '../test-support/real-processes.js';
import { bookingBody, shownPrice, TEST_CARD } from './test-support/booking-harness.js';
import { statementsPerBooking } from './test-support/statements-per-booking.js';

const PER_ROW = Number(process.env.BOOKING_SPEED_TOTAL ?? 64);
const CONCURRENCIES = (process.env.BOOKING_SPEED_CONCURRENCY ?? '8,32').split(',').map(Number);
const SANDBOX_SECRET = randomBytes(24).toString('hex');
const credentials = sandboxCredentials(SANDBOX_SECRET);
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function post(
  url: string,
  body: unknown,
  key: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(120_000),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** process-card, then the booking, sent again while it answers "pending" (202), as the storefront does. */
async function book(engine: string, offer: FlightOffer, email: string, name: string): Promise<number> {
  const start = performance.now();
  const card = { offerId: offer.id, ...shownPrice(offer), cardDetails: TEST_CARD };
  const payment = await post(`${engine}/api/payments/process-card`, card, `card-${name}`);
  if (payment.status !== 200) throw new Error(`process-card: ${payment.status} ${JSON.stringify(payment.body)}`);
  const body = bookingBody(offer, String(payment.body.paymentId), email);
  for (;;) {
    const booked = await post(`${engine}/api/bookings`, body, `booking-${name}`);
    if (booked.status === 201 && booked.body.status === 'confirmed') return performance.now() - start;
    if (booked.status !== 202) throw new Error(`booking: ${booked.status} ${JSON.stringify(booked.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function offersFrom(engine: string, count: number): Promise<FlightOffer[]> {
  const flights = duffelFlightProvider(() => ({
    token: credentials.duffelToken,
    basePath: `${engine}/sandbox/duffel/`,
  }));
  const offers: FlightOffer[] = [];
  for (let days = 20; offers.length < count; days += 1) {
    const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const found = await flights.search({
      origin: 'JFK',
      destination: 'LAX',
      departureDate: date,
      cabinClass: 'economy',
      adultsCount: 1,
      childrenCount: 0,
      infantsCount: 0,
    } as never);
    offers.push(...found.filter((offer) => !isInternationalOffer(offer)));
  }
  return offers;
}

/** Milliseconds of CPU (user + system) a process has used so far; undefined where /proc is not. */
function cpuMs(pid: number): number | undefined {
  try {
    // Fields 14 and 15 of /proc/<pid>/stat, after the command name in parentheses, in clock ticks.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();
/** CPU used by these processes together (engine and worker: the PGlite thread is the engine's). */
const cpuOf = (pids: number[]) =>
  pids
    .map(cpuMs)
    .reduce<number | undefined>((sum, ms) => (sum === undefined || ms === undefined ? undefined : sum + ms), 0);

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;

async function rows(
  setup: string,
  engine: RealProcess,
  others: RealProcess[] = [],
): Promise<Array<Record<string, string | number>>> {
  const pids = [engine, ...others].map((running) => running.pid);
  const perSetup = CONCURRENCIES.length * 2 * PER_ROW + 4;
  const offers = await offersFrom(engine.url, perSetup);
  let used = 0;
  const run = `${setup.replace(/\W+/g, '-')}-${randomBytes(3).toString('hex')}`;
  // The returning traveller's account exists before the row starts (and is warm-up too).
  await book(engine.url, offers[used++]!, `returning-${run}@example.com`, `${run}-warm-0`);
  for (let i = 1; i < 4; i += 1)
    await book(engine.url, offers[used++]!, `warm-${i}-${run}@example.com`, `${run}-warm-${i}`);
  const table: Array<Record<string, string | number>> = [];
  for (const concurrency of CONCURRENCIES) {
    for (const traveller of ['guest', 'returning'] as const) {
      const latencies: number[] = [];
      let next = 0;
      const loadBefore = load();
      const cpuBefore = cpuOf(pids);
      const start = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < PER_ROW) {
            const index = next++;
            const name = `${run}-${traveller}-${concurrency}-${index}`;
            const email = traveller === 'guest' ? `${name}@example.com` : `returning-${run}@example.com`;
            latencies.push(await book(engine.url, offers[used++]!, email, name));
          }
        }),
      );
      const elapsed = (performance.now() - start) / 1000;
      const cpuAfter = cpuOf(pids);
      latencies.sort((a, b) => a - b);
      table.push({
        setup,
        traveller,
        concurrency,
        bookings: latencies.length,
        'bookings/s': +(latencies.length / elapsed).toFixed(1),
        'p50 ms': Math.round(percentile(latencies, 0.5)),
        'p95 ms': Math.round(percentile(latencies, 0.95)),
        // Less sensitive to a shared machine than the rate: what each booking cost the processes.
        'CPU ms/booking':
          cpuBefore === undefined || cpuAfter === undefined
            ? '-'
            : Math.round((cpuAfter - cpuBefore) / latencies.length),
        'load before': loadBefore,
        'load after': load(),
      });
    }
  }
  return table;
}

function goals(table: Array<Record<string, string | number>>): void {
  const rate = (setup: string, traveller: string, concurrency: number) =>
    table.find((row) => row.setup === setup && row.traveller === traveller && row.concurrency === concurrency);
  const top = Math.max(...CONCURRENCIES);
  const scaledGuest = rate('PostgreSQL + Redis + worker', 'guest', top);
  const scaledReturning = rate('PostgreSQL + Redis + worker', 'returning', top);
  const embeddedGuest = rate('embedded', 'guest', top);
  const lines: string[] = [];
  if (scaledGuest && scaledReturning) {
    const guest = Number(scaledGuest['bookings/s']);
    const returning = Number(scaledReturning['bookings/s']);
    lines.push(
      `guest on PostgreSQL + Redis at ${top} concurrent ≥ 50/s: ${guest}/s ${guest >= 50 ? 'met' : 'NOT met'}`,
      `  its p95 < 300 ms: ${scaledGuest['p95 ms']} ms ${Number(scaledGuest['p95 ms']) < 300 ? 'met' : 'NOT met'}`,
      `  within 80% of returning (${returning}/s): ${((guest / returning) * 100).toFixed(0)}% ${guest >= 0.8 * returning ? 'met' : 'NOT met'}`,
    );
  }
  if (embeddedGuest) {
    const guest = Number(embeddedGuest['bookings/s']);
    lines.push(`embedded guest at ${top} concurrent ≥ 25/s: ${guest}/s ${guest >= 25 ? 'met' : 'NOT met'}`);
  }
  console.log(
    `Goals (issue #17; on an idle machine), load average now ${load()} on ${os.availableParallelism()} cores:`,
  );
  for (const line of lines) console.log(`  ${line}`);
}

const table: Array<Record<string, string | number>> = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'contrail-booking-bench-'));
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const schema = `bench_${randomBytes(5).toString('hex')}`;
const redis = redisTestPrefix();
const common = { NODE_ENV: 'production', SANDBOXES_ENABLED: 'true', SANDBOX_SECRET, LOG_LEVEL: 'info' };
try {
  const embedded = await startProcess('engine', 'bench-embedded', { ...common, DATA_DIR: dataDir });
  table.push(...(await rows('embedded', embedded)));
  await stopAll();
  if (databaseUrl && redisUrl) {
    const admin = openPostgres({ url: databaseUrl, maxConnections: 1 });
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.close();
    const env = {
      ...common,
      DATABASE_URL: `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redis.prefix,
      SESSION_SECRET: randomBytes(24).toString('hex'),
      // Required once DATABASE_URL is set; engine and worker share it (config.ts).
      PII_MASTER_KEY: randomBytes(32).toString('hex'),
    };
    const engine = await startProcess('engine', 'bench-engine', env);
    const worker = await startProcess('worker', 'bench-worker', { ...env, SANDBOX_URL: engine.url });
    table.push(...(await rows('PostgreSQL + Redis + worker', engine, [worker])));
  } else {
    console.log('DATABASE_URL and REDIS_URL are not both set: the PostgreSQL + Redis + worker rows are skipped');
  }
} finally {
  await stopAll();
  rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl && redisUrl) {
    const admin = openPostgres({ url: databaseUrl, maxConnections: 1 });
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
    await admin.close();
    await redis.cleanUp(redisUrl);
  }
}
console.table(table);
goals(table);

const counted = await statementsPerBooking(3);
await counted.close();
console.log(
  `SQL statements per guest booking (embedded PGlite, process-card to confirmation sent): ${counted.counts
    .map((count) => `${count.engine} (${count.total} with the mounted sandboxes)`)
    .join(', ')}`,
);
