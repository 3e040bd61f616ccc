/**
 * Issue 37's proof that the scaled shape scales out: 1 + 1, 2 + 2 and 4 + 4 engines + workers as
 * real processes (default roles: every engine and worker also stands for the leases, one owner
 * each) on the same PostgreSQL and Redis, the sandboxes in their own process. Guest bookings (a new
 * email each) from `SCALE_OUT_CLIENTS` clients spread round-robin over the engines, as a load
 * balancer would. Per tier: bookings/s, the CPU per booking of the engines and workers and of their
 * PostgreSQL backends, and the SQL statements and rows (answered or changed) per booking, counted
 * at the `pg` client of every engine and worker (test-support/sql-count-probe.ts: the counting
 * SqlClient of statements-per-booking.ts, for real processes; pg_stat_statements needs a server
 * setting), net of what goes by time, not by booking: what they send while idle (lease checks,
 * fallback polls; counted over 10 s before the bookings, shown as `idle statements/s`) and the
 * booking requests' claim heartbeats (once a second while one runs, `heartbeats/booking`, left out
 * as statements.test.ts does); `with idle` shows the totals, statements / rows. Each tier gets a fresh schema and Redis prefix. The goals: statements and rows per
 * booking at 4 + 4 within 10% of 1 + 1, and bookings/s at 2 + 2 not lower than at 1 + 1. On a
 * shared machine compare CPU and SQL per booking first: the load average is printed beside them.
 * SCALE_OUT_TIERS=1,2,4 SCALE_OUT_BOOKINGS=64 SCALE_OUT_CLIENTS=16 choose the run.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sandboxCredentials } from '@contrail/sandboxes/credentials';
import { openPostgres } from '../storage/postgres.js';
import { bookAsStorefront, cpuMs, loadAverage, sandboxOffers } from '../test-support/bench-support.js';
import { scaledEnvironment, startSandboxes } from '../test-support/processes.js';
import { startProcess, stopAll, type RealProcess } from '../test-support/real-processes.js';
import { SQL_COUNT_DIR, sqlCountFile, type SqlCountByText } from '../test-support/sql-count-probe.js';

const TIERS = (process.env.SCALE_OUT_TIERS ?? '1,2,4').split(',').map(Number);
const BOOKINGS = Number(process.env.SCALE_OUT_BOOKINGS ?? 64);
const CLIENTS = Number(process.env.SCALE_OUT_CLIENTS ?? 16);
/** Bookings per engine before measuring, so that no tier pays for its processes' JIT warm-up. */
const WARM_UP_PER_ENGINE = 4;
/** The idle window before each tier's bookings, in which the processes' background statements are counted. */
const IDLE_MS = 10_000;
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

interface SqlCount {
  statements: number;
  rows: number;
  /** The booking requests' claim heartbeats: once a second while one runs, so by time, not by booking. */
  heartbeats: number;
  /** The same by statement text, over every process. */
  byText: Map<string, { statements: number; rows: number }>;
}

/** Where the processes write their counts by statement text (sql-count-probe.ts). */
const countDirectory = mkdtempSync(path.join(os.tmpdir(), 'contrail-scale-out-'));

/** Asks each process for the SQL it sent so far (SIGUSR2) and adds the answers up. */
async function sqlCount(processes: RealProcess[], asked: Map<RealProcess, number>): Promise<SqlCount> {
  const total: SqlCount = { statements: 0, rows: 0, heartbeats: 0, byText: new Map() };
  for (const running of processes) {
    const turn = (asked.get(running) ?? 0) + 1;
    asked.set(running, turn);
    const line = new RegExp(`sql-count ${turn} (\\d+) (\\d+) (\\d+)`);
    process.kill(running.pid, 'SIGUSR2');
    await running.printed(line, 10_000);
    const [, statements, rows, heartbeats] = line.exec(running.output())!;
    total.statements += Number(statements);
    total.rows += Number(rows);
    total.heartbeats += Number(heartbeats);
    const byText = JSON.parse(readFileSync(sqlCountFile(countDirectory, running.pid, turn), 'utf8')) as SqlCountByText;
    for (const [text, count] of Object.entries(byText)) {
      const sum = total.byText.get(text) ?? { statements: 0, rows: 0 };
      total.byText.set(text, { statements: sum.statements + count.statements, rows: sum.rows + count.rows });
    }
  }
  return total;
}

const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + (cpuMs(pid) ?? 0), 0);

async function backendCpu(admin: ReturnType<typeof openPostgres>, applicationName: string): Promise<number> {
  const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [
    applicationName,
  ]);
  return cpuOf(rows.map((row) => row.pid));
}

type Row = Record<string, string | number>;

/**
 * Statements per booking by statement text, net of the idle rate as the totals are; without `idle`,
 * the statements per second between the two counts over `seconds`.
 */
function perBookingByText(
  before: SqlCount,
  after: SqlCount,
  idle: { start: SqlCount; end: SqlCount; seconds: number } | undefined,
  seconds: number,
): Map<string, number> {
  const per = new Map<string, number>();
  for (const [text, count] of after.byText) {
    const sent = count.statements - (before.byText.get(text)?.statements ?? 0);
    if (!idle) {
      per.set(text, sent / seconds);
      continue;
    }
    const idleRate =
      ((idle.end.byText.get(text)?.statements ?? 0) - (idle.start.byText.get(text)?.statements ?? 0)) / idle.seconds;
    per.set(text, (sent - idleRate * seconds) / BOOKINGS);
  }
  return per;
}

/** Where the event store's head and every checkpoint stand, as one comparable text. */
async function progress(admin: ReturnType<typeof openPostgres>, schema: string): Promise<string> {
  const { rows } = await admin.query<{ at: string }>(
    `SELECT coalesce((SELECT transaction_id::text || '/' || global_position FROM ${schema}.es_events
       ORDER BY transaction_id DESC, global_position DESC LIMIT 1), '') || ' ' ||
     coalesce((SELECT string_agg(name || '=' || commit_position || '/' || prepare_position, ' ' ORDER BY name)
       FROM ${schema}.projection_checkpoints), '') AS at`,
  );
  return rows[0]!.at;
}

/** Waits (at most a minute) until no event is appended and no checkpoint moves for 3 s: the background work is done. */
async function settled(admin: ReturnType<typeof openPostgres>, schema: string): Promise<void> {
  const deadline = performance.now() + 60_000;
  let last = await progress(admin, schema);
  while (performance.now() < deadline) {
    await sleep(3_000);
    const now = await progress(admin, schema);
    if (now === last) return;
    last = now;
  }
}

interface TierResult {
  row: Row;
  byText: Map<string, number>;
  /** Statements per second while idle, by text. */
  idleByText: Map<string, number>;
}

async function tier(size: number, admin: ReturnType<typeof openPostgres>): Promise<TierResult> {
  const environment = await scaledEnvironment({ databaseUrl: databaseUrl!, redisUrl: redisUrl! });
  const named = (name: string) => `${environment.env.DATABASE_URL}&application_name=${name}`;
  try {
    const sandboxes = await startSandboxes({
      env: { ...environment.env, SANDBOXES_ENABLED: 'true', DATABASE_URL: named(`${environment.schema}_sandboxes`) },
    });
    try {
      const env = {
        ...environment.env,
        DATABASE_URL: named(environment.schema),
        SANDBOX_URL: sandboxes.url,
        [SQL_COUNT_DIR]: countDirectory,
      };
      const started = await Promise.all([
        ...Array.from({ length: size }, (_, index) => startProcess('engine', `engine-${index + 1}`, env)),
        ...Array.from({ length: size }, (_, index) => startProcess('worker', `worker-${index + 1}`, env)),
      ]);
      const engines = started.slice(0, size);
      const { duffelToken } = sandboxCredentials(environment.env.SANDBOX_SECRET!);
      const offers = await sandboxOffers(sandboxes.url, duffelToken, BOOKINGS + WARM_UP_PER_ENGINE * size);
      let next = 0;
      let pending = 0;
      const run = async (count: number, tag: string) => {
        const last = next + count;
        await Promise.all(
          Array.from({ length: Math.min(CLIENTS, count) }, async () => {
            while (next < last) {
              const index = next++;
              const engine = engines[index % engines.length]!;
              const name = `${environment.schema}-${tag}-${index}`;
              await bookAsStorefront(
                engine.url,
                offers[index]!,
                `${tag}${index}-${environment.schema}@example.com`,
                name,
                () => {
                  pending += 1;
                },
              );
            }
          }),
        );
      };
      await run(WARM_UP_PER_ENGINE * size, 'warm');
      // The warm-up's background work (read models, saga, confirmation jobs) must not count as idle.
      await settled(admin, environment.schema);
      const asked = new Map<RealProcess, number>();
      const pids = started.map((running) => running.pid);
      const loadBefore = loadAverage();
      // What the processes send while no booking is made (lease checks, fallback polls) goes by
      // time, not by booking: measured apart, and taken out of the per-booking figures.
      const idleStart = { sql: await sqlCount(started, asked), at: performance.now() };
      await sleep(IDLE_MS);
      const idleEnd = await sqlCount(started, asked);
      const idleSeconds = (performance.now() - idleStart.at) / 1000;
      const idle = {
        statements: (idleEnd.statements - idleStart.sql.statements) / idleSeconds,
        rows: (idleEnd.rows - idleStart.sql.rows) / idleSeconds,
      };
      const before = {
        sql: await sqlCount(started, asked),
        cpu: cpuOf(pids),
        pg: await backendCpu(admin, environment.schema),
      };
      pending = 0;
      const start = performance.now();
      await run(BOOKINGS, 'guest');
      const seconds = (performance.now() - start) / 1000;
      // Each booking's statements include what follows its answer: the read models, the saga's
      // later steps, the confirmation. Counted once it has all settled, net of idle for the whole time.
      await settled(admin, environment.schema);
      const counted = (performance.now() - start) / 1000;
      const after = {
        sql: await sqlCount(started, asked),
        cpu: cpuOf(pids),
        pg: await backendCpu(admin, environment.schema),
      };
      const per = (value: number) => +(value / BOOKINGS).toFixed(1);
      const byText = perBookingByText(
        before.sql,
        after.sql,
        { start: idleStart.sql, end: idleEnd, seconds: idleSeconds },
        counted,
      );
      const row = {
        'engines + workers': `${size} + ${size}`,
        bookings: BOOKINGS,
        clients: CLIENTS,
        'bookings/s': +(BOOKINGS / seconds).toFixed(2),
        '202s': pending,
        'CPU ms/booking': Math.round((after.cpu - before.cpu) / BOOKINGS),
        'PG ms/booking': Math.round((after.pg - before.pg) / BOOKINGS),
        'idle statements/s': +idle.statements.toFixed(1),
        'heartbeats/booking': per(after.sql.heartbeats - before.sql.heartbeats),
        'statements/booking': per(
          after.sql.statements -
            before.sql.statements -
            (after.sql.heartbeats - before.sql.heartbeats) -
            idle.statements * counted,
        ),
        // A heartbeat changes one row.
        'rows/booking': per(
          after.sql.rows - before.sql.rows - (after.sql.heartbeats - before.sql.heartbeats) - idle.rows * counted,
        ),
        'with idle': `${per(after.sql.statements - before.sql.statements)} / ${per(after.sql.rows - before.sql.rows)}`,
        'load before': loadBefore,
        'load after': loadAverage(),
      };
      return { row, byText, idleByText: perBookingByText(idleStart.sql, idleEnd, undefined, idleSeconds) };
    } finally {
      await stopAll();
      await sandboxes.stop();
    }
  } finally {
    await environment.close();
  }
}

/** The statement texts whose count per booking differs most between the first and the last tier. */
function statementsByText(results: TierResult[]): void {
  const first = results[0]!;
  const last = results.at(-1)!;
  const texts = new Set(results.flatMap((result) => [...result.byText.keys()]));
  const rows = [...texts]
    .map((text) => {
      const row: Row = { statement: text.length > 110 ? `${text.slice(0, 107)}...` : text };
      for (const result of results) {
        row[String(result.row['engines + workers'])] = +(result.byText.get(text) ?? 0).toFixed(2);
      }
      const difference = (last.byText.get(text) ?? 0) - (first.byText.get(text) ?? 0);
      return { row, difference };
    })
    .filter(({ difference }) => first === last || Math.abs(difference) >= 0.1)
    .sort((a, b) => Math.abs(b.difference) - Math.abs(a.difference))
    .slice(0, 15);
  console.log('Statements per booking by text, where the tiers differ most (net of idle):');
  console.table(rows.map(({ row }) => row));
  const idle = [...last.idleByText]
    .filter(([, rate]) => rate >= 0.1)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([text, rate]) => ({
      statement: text.slice(0, 110),
      [`per s at ${String(last.row['engines + workers'])}`]: +rate.toFixed(2),
    }));
  console.log('Idle statements per second by text:');
  console.table(idle);
}

function goals(rows: Row[]): void {
  const find = (size: number) => rows.find((row) => row['engines + workers'] === `${size} + ${size}`);
  const [one, two, four] = [find(1), find(2), find(4)];
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(`Goals (issue #37), load average now ${loadAverage()} on ${os.availableParallelism()} cores:`);
  if (one && four) {
    for (const column of ['statements/booking', 'rows/booking']) {
      const ratio = Number(four[column]) / Number(one[column]);
      console.log(`  ${column} at 4 + 4 within 10% of 1 + 1: ${(ratio * 100).toFixed(0)}% ${met(ratio <= 1.1)}`);
    }
  }
  if (one && two) {
    const ratio = Number(two['bookings/s']) / Number(one['bookings/s']);
    console.log(`  bookings/s at 2 + 2 not lower than 1 + 1: ${(ratio * 100).toFixed(0)}% ${met(ratio >= 1)}`);
  }
}

if (!databaseUrl || !redisUrl) {
  console.log('DATABASE_URL and REDIS_URL are not both set: the scale-out benchmark needs PostgreSQL and Redis');
} else {
  const admin = openPostgres({ url: databaseUrl, maxConnections: 1 });
  const results: TierResult[] = [];
  try {
    for (const size of TIERS) results.push(await tier(size, admin));
  } finally {
    await admin.close();
    rmSync(countDirectory, { recursive: true, force: true });
  }
  const rows = results.map((result) => result.row);
  console.table(rows);
  statementsByText(results);
  goals(rows);
}
