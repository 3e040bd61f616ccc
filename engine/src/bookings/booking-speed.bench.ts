/**
 * Bookings on the production path, as a browser makes them against real processes: POST
 * /api/payments/process-card, then POST /api/bookings until the booking is confirmed (201), with
 * the real password hasher, jobs and sandboxes. Timed from process-card to the confirmed answer.
 * Setups: the embedded default (one engine, PGlite, jobs in-process) and, when DATABASE_URL and
 * REDIS_URL are set, PostgreSQL + Redis with one engine and one worker process. Guest: a new email
 * each (an account is made); returning: the email of an existing account. Then the SQL statements
 * of one guest booking, counted at the SqlClient port on embedded PGlite.
 *
 * Two kinds of rows:
 * - closed loop: `concurrency` clients, each booking again as soon as its last booking ended. By
 *   Little's law the rate is concurrency / mean latency: 32 clients at 50/s means a mean latency
 *   of 640 ms, so "p95 < 300 ms at 32 concurrent" could only hold above 107/s. These rows show
 *   the most the setup does (its throughput) and how latency grows with queueing.
 * - open loop: guest bookings arrive at a fixed rate (evenly spaced: 50/s on PostgreSQL + Redis,
 *   25/s embedded), at most 32 in flight (an arrival that finds 32 waits, and its wait counts in its
 *   latency). Issue #17's goal reads on these rows: "sustains 50/s with p95 < 300 ms".
 * A 202 "pending" answer is asked again at once with the same key, as the storefront does
 * (storefront/src/booking/PaymentStep.tsx): the engine itself waits for the outcome, bounded by
 * its order wait (20 s); the `202s` column counts them.
 *
 * The machine may be shared: the load average is printed beside the figures, and the CPU each
 * booking cost, which a busy machine changes less than the rate: the engine (and worker)
 * processes, the PostgreSQL backends they opened (by application_name; not the LISTEN
 * connections), the Redis server (shared with anything else using it) and this client, summed in
 * `total ms`; compare rows of one run. On PostgreSQL + Redis the sandboxes run in their own process,
 * as in the scaled shape: what they cost (with their database backends) is shown apart, `sandboxes
 * ms`, outside the total, as Stripe and Duffel would spend it; the embedded engine mounts them, so
 * its CPU includes theirs. BOOKING_SPEED_SETUPS=embedded|postgres runs one setup; CONTRAIL_CPU_PROF_DIR=dir
 * writes CPU profiles of the processes started (test-support/processes.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import type { FlightOffer } from '@contrail/shared';
import { sandboxCredentials } from '@contrail/sandboxes/credentials';
import { openPostgres } from '../storage/postgres.js';
import { redisTestPrefix } from '../test-support/jobs.js';
import { startSandboxes } from '../test-support/processes.js';
import { startProcess, stopAll, type RealProcess } from '../test-support/real-processes.js';
import { bookAsStorefront, cpuMs, loadAverage as load, sandboxOffers } from '../test-support/bench-support.js';
import { statementsPerBooking } from './test-support/statements-per-booking.js';

const PER_ROW = Number(process.env.BOOKING_SPEED_TOTAL ?? 64);
const CONCURRENCIES = (process.env.BOOKING_SPEED_CONCURRENCY ?? '8,32').split(',').map(Number);
/** Which setups run: `embedded`, `postgres` or both (the default). */
const SETUPS = (process.env.BOOKING_SPEED_SETUPS ?? 'embedded,postgres').split(',');
/** Open-loop rows: arrivals per second by setup, how many, and the most in flight at once. */
const OPEN_RATES: Record<string, number> = { embedded: 25, 'PostgreSQL + Redis + worker': 50 };
const OPEN_SECONDS = Number(process.env.BOOKING_SPEED_OPEN_SECONDS ?? 6);
const OPEN_IN_FLIGHT = 32;
const WARM_UP = 40;
const SANDBOX_SECRET = randomBytes(24).toString('hex');
const credentials = sandboxCredentials(SANDBOX_SECRET);
/** Pending (202) answers in this run so far. */
let pendingAnswers = 0;

const book = (engine: string, offer: FlightOffer, email: string, name: string) =>
  bookAsStorefront(engine, offer, email, name, () => (pendingAnswers += 1));

async function timed(work: Promise<void>, since = performance.now()): Promise<number> {
  await work;
  return performance.now() - since;
}

const offersFrom = (sandboxUrl: string, count: number) => sandboxOffers(sandboxUrl, credentials.duffelToken, count);

/** CPU used by these processes together (engine and worker: the PGlite thread is the engine's). */
const cpuOf = (pids: number[]) =>
  pids
    .map(cpuMs)
    .reduce<number | undefined>((sum, ms) => (sum === undefined || ms === undefined ? undefined : sum + ms), 0);

/** The CPU a row cost, by who spent it: the setup's processes, its database backends, Redis, this client. */
interface CpuSnapshot {
  processes: number | undefined;
  backends: Map<number, number>;
  redis: number | undefined;
  client: number;
  /** The sandboxes process and its database backends, when they run on their own. */
  sandboxes: number | undefined;
  sandboxBackends: Map<number, number>;
}

interface Services {
  /** The PostgreSQL backends of the connections of this name (application_name). */
  backendPids(applicationName: string): Promise<number[]>;
  /** The name of the engine's and the worker's connections. */
  applicationName: string;
  redisPid: number | undefined;
  /** The sandboxes process (the stand-ins for Stripe and Duffel) and the name of its connections. */
  sandboxes: { pid: number; applicationName: string };
}

async function backendCpu(services: Services | undefined, applicationName: string | undefined) {
  const backends = new Map<number, number>();
  if (!services || !applicationName) return backends;
  for (const pid of await services.backendPids(applicationName)) {
    const ms = cpuMs(pid);
    if (ms !== undefined) backends.set(pid, ms);
  }
  return backends;
}

async function snapshot(pids: number[], services: Services | undefined): Promise<CpuSnapshot> {
  const backends = await backendCpu(services, services?.applicationName);
  const sandboxBackends = await backendCpu(services, services?.sandboxes.applicationName);
  const usage = process.cpuUsage();
  return {
    processes: cpuOf(pids),
    backends,
    redis: services?.redisPid === undefined ? undefined : cpuMs(services.redisPid),
    client: (usage.user + usage.system) / 1000,
    sandboxes: services && cpuMs(services.sandboxes.pid),
    sandboxBackends,
  };
}

/** What backends spent between two snapshots: those that started meanwhile count from zero, those that ended are lost (pools keep theirs). */
const backendsSpent = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);
const spent = (before: number | undefined, after: number | undefined) =>
  before === undefined || after === undefined ? undefined : after - before;

/** Milliseconds of CPU per booking between two snapshots, by who spent it. */
function cpuColumns(before: CpuSnapshot, after: CpuSnapshot, bookings: number, services: Services | undefined) {
  const per = (ms: number | undefined) => (ms === undefined ? '-' : Math.round(ms / bookings));
  const processes = spent(before.processes, after.processes);
  const backends = services ? backendsSpent(before.backends, after.backends) : undefined;
  const redis = spent(before.redis, after.redis);
  const client = after.client - before.client;
  const parts = [processes, backends, redis, client];
  const total = parts.includes(undefined) ? undefined : parts.reduce((sum = 0, ms) => sum + ms!, 0);
  const sandboxes = spent(before.sandboxes, after.sandboxes);
  return {
    'CPU ms/booking': per(processes),
    'PG ms': per(backends),
    'Redis ms': per(redis),
    'client ms': per(client),
    'total ms': per(total),
    'sandboxes ms':
      sandboxes === undefined ? '-' : per(sandboxes + backendsSpent(before.sandboxBackends, after.sandboxBackends)),
  };
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;

type Row = Record<string, string | number>;

async function rows(
  setup: string,
  engine: RealProcess,
  others: RealProcess[] = [],
  services?: Services,
  /** Where the Duffel sandbox answers the searches: the engine's own, or the sandboxes process. */
  sandboxUrl = engine.url,
): Promise<Row[]> {
  const pids = [engine, ...others].map((running) => running.pid);
  const openRate = OPEN_RATES[setup] ?? 25;
  const openTotal = Math.round(openRate * OPEN_SECONDS);
  const perSetup = CONCURRENCIES.length * 2 * PER_ROW + openTotal + WARM_UP;
  const offers = await offersFrom(sandboxUrl, perSetup);
  let used = 0;
  const id = randomBytes(3).toString('hex');
  const run = `${setup.replace(/\W+/g, '-')}-${id}`;
  // New accounts take their username from the email's first 30 characters: these differ there, as
  // real travellers' emails mostly do (a taken username costs the account another try).
  const guestEmail = (tag: string) => `${tag}-${id}@example.com`;
  // The returning traveller's account exists before the row starts (and is warm-up too).
  await book(engine.url, offers[used++]!, `returning-${run}@example.com`, `${run}-warm-0`);
  // Then enough bookings, 8 at a time, that the first row does not pay for the processes' JIT warm-up.
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (used < WARM_UP) {
        const index = used++;
        await book(engine.url, offers[index]!, guestEmail(`warm${index}`), `${run}-warm-${index}`);
      }
    }),
  );

  /** Runs the row's bookings and measures them; `bookings` answers each booking's latency. */
  async function measured(columns: Row, bookings: () => Promise<number[]>): Promise<Row> {
    const loadBefore = load();
    const pendingBefore = pendingAnswers;
    const before = await snapshot(pids, services);
    const start = performance.now();
    const latencies = await bookings();
    const elapsed = (performance.now() - start) / 1000;
    const after = await snapshot(pids, services);
    latencies.sort((a, b) => a - b);
    return {
      setup,
      ...columns,
      bookings: latencies.length,
      'bookings/s': +(latencies.length / elapsed).toFixed(1),
      'p50 ms': Math.round(percentile(latencies, 0.5)),
      'p95 ms': Math.round(percentile(latencies, 0.95)),
      '202s': pendingAnswers - pendingBefore,
      // Less sensitive to a shared machine than the rate: what each booking cost.
      ...cpuColumns(before, after, latencies.length, services),
      'load before': loadBefore,
      'load after': load(),
    };
  }

  const table: Row[] = [];
  for (const concurrency of CONCURRENCIES) {
    for (const traveller of ['guest', 'returning'] as const) {
      const row = await measured({ traveller, load: `${concurrency} clients` }, async () => {
        const latencies: number[] = [];
        let next = 0;
        await Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (next < PER_ROW) {
              const index = next++;
              const name = `${run}-${traveller}-${concurrency}-${index}`;
              const email =
                traveller === 'guest' ? guestEmail(`g${concurrency}-${index}`) : `returning-${run}@example.com`;
              latencies.push(await timed(book(engine.url, offers[used++]!, email, name)));
            }
          }),
        );
        return latencies;
      });
      table.push(row);
    }
  }
  table.push(
    await measured({ traveller: 'guest', load: `${openRate}/s, ≤ ${OPEN_IN_FLIGHT} in flight` }, async () => {
      const start = performance.now();
      const waiting: Array<() => void> = [];
      let inFlight = 0;
      const slot = async () => {
        if (inFlight >= OPEN_IN_FLIGHT) await new Promise<void>((resolve) => waiting.push(resolve));
        inFlight += 1;
      };
      const free = () => {
        inFlight -= 1;
        waiting.shift()?.();
      };
      const arrivals = Array.from({ length: openTotal }, async (_, index) => {
        const due = start + (index * 1000) / openRate;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
        // Timed from when it was due: time spent waiting for a free slot is latency too.
        await slot();
        const name = `${run}-open-${index}`;
        try {
          return await timed(book(engine.url, offers[used++]!, guestEmail(`open${index}`), name), due);
        } finally {
          free();
        }
      });
      return Promise.all(arrivals);
    }),
  );
  return table;
}

function goals(table: Row[]): void {
  const find = (setup: string, traveller: string, rowLoad: string) =>
    table.find((row) => row.setup === setup && row.traveller === traveller && row.load === rowLoad);
  const top = `${Math.max(...CONCURRENCIES)} clients`;
  const scaled = 'PostgreSQL + Redis + worker';
  const openLoad = (setup: string) => `${OPEN_RATES[setup]}/s, ≤ ${OPEN_IN_FLIGHT} in flight`;
  const scaledOpen = find(scaled, 'guest', openLoad(scaled));
  const scaledGuest = find(scaled, 'guest', top);
  const scaledReturning = find(scaled, 'returning', top);
  const embeddedOpen = find('embedded', 'guest', openLoad('embedded'));
  const embeddedGuest = find('embedded', 'guest', top);
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const lines: string[] = [];
  if (scaledOpen) {
    const rate = Number(scaledOpen['bookings/s']);
    const p95 = Number(scaledOpen['p95 ms']);
    lines.push(
      `guest on PostgreSQL + Redis sustains 50/s (open loop, ≤ ${OPEN_IN_FLIGHT} in flight): ${rate}/s ${met(rate >= 49)}`,
      `  with p95 < 300 ms: ${p95} ms ${met(p95 < 300)}`,
    );
  }
  if (scaledGuest && scaledReturning) {
    const guest = Number(scaledGuest['bookings/s']);
    const returning = Number(scaledReturning['bookings/s']);
    lines.push(
      `guest on PostgreSQL + Redis, ${top} (closed loop) ≥ 50/s: ${guest}/s ${met(guest >= 50)}`,
      `  within 80% of returning (${returning}/s): ${((guest / returning) * 100).toFixed(0)}% ${met(guest >= 0.8 * returning)}`,
    );
  }
  if (embeddedGuest) {
    const guest = Number(embeddedGuest['bookings/s']);
    lines.push(`embedded guest, ${top} (closed loop) ≥ 25/s: ${guest}/s ${met(guest >= 25)}`);
  }
  if (embeddedOpen) {
    const rate = Number(embeddedOpen['bookings/s']);
    lines.push(
      `embedded guest sustains 25/s (open loop): ${rate}/s ${met(rate >= 24.5)}, p95 ${embeddedOpen['p95 ms']} ms`,
    );
  }
  console.log(
    `Goals (issue #17; on an idle machine), load average now ${load()} on ${os.availableParallelism()} cores:`,
  );
  for (const line of lines) console.log(`  ${line}`);
}

/** The PostgreSQL backends by connection name, and the local Redis server's process. */
async function servicesOf(
  databaseUrl: string,
  redisUrl: string,
  applicationName: string,
  sandboxes: Services['sandboxes'],
): Promise<Services> {
  const redisClient = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const info = await redisClient.info('server').finally(() => redisClient.disconnect());
  const redisPid = Number(/process_id:(\d+)/.exec(info)?.[1]);
  const local = Number.isInteger(redisPid) && cpuMs(redisPid) !== undefined;
  const admin = openPostgres({ url: databaseUrl, maxConnections: 1 });
  closeAfter.push(() => admin.close());
  return {
    applicationName,
    redisPid: local ? redisPid : undefined,
    sandboxes,
    async backendPids(name) {
      const { rows: found } = await admin.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE application_name = $1',
        [name],
      );
      return found.map((row) => row.pid);
    },
  };
}

const table: Row[] = [];
const closeAfter: Array<() => Promise<void>> = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'contrail-booking-bench-'));
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const schema = `bench_${randomBytes(5).toString('hex')}`;
const redis = redisTestPrefix();
const common = { NODE_ENV: 'production', SANDBOXES_ENABLED: 'true', SANDBOX_SECRET, LOG_LEVEL: 'info' };
try {
  if (SETUPS.includes('embedded')) {
    const embedded = await startProcess('engine', 'bench-embedded', { ...common, DATA_DIR: dataDir });
    table.push(...(await rows('embedded', embedded)));
    await stopAll();
  }
  if (!SETUPS.includes('postgres')) {
    // Skipped on request.
  } else if (databaseUrl && redisUrl) {
    const admin = openPostgres({ url: databaseUrl, maxConnections: 1 });
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.close();
    const database = (name: string) =>
      `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}&application_name=${name}`;
    const env = {
      ...common,
      DATABASE_URL: database(schema),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redis.prefix,
      SESSION_SECRET: randomBytes(24).toString('hex'),
      // Required once DATABASE_URL is set; engine and worker share it (config.ts).
      PII_MASTER_KEY: randomBytes(32).toString('hex'),
    };
    // The scaled shape: the sandboxes in their own process (as docker-compose.yml runs them), so the
    // engine's and the worker's CPU is theirs alone; the stand-ins' own is shown beside it.
    const sandboxes = await startSandboxes({ env: { ...common, DATABASE_URL: database(`${schema}_sandboxes`) } });
    const withSandboxes = { ...env, SANDBOX_URL: sandboxes.url };
    const engine = await startProcess('engine', 'bench-engine', withSandboxes);
    const worker = await startProcess('worker', 'bench-worker', withSandboxes);
    const services = await servicesOf(databaseUrl, redisUrl, schema, {
      pid: sandboxes.pid,
      applicationName: `${schema}_sandboxes`,
    });
    table.push(...(await rows('PostgreSQL + Redis + worker', engine, [worker], services, sandboxes.url)));
  } else {
    console.log('DATABASE_URL and REDIS_URL are not both set: the PostgreSQL + Redis + worker rows are skipped');
  }
} finally {
  await stopAll();
  for (const close of closeAfter) await close().catch(() => {});
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
