/**
 * PGlite off the main thread: the embedded default's storage (PGlite in its own thread, spoken to
 * by `pg`) beside PGlite on the engine's event loop (as before), on copies of one migrated data
 * directory. Each subject runs in a fresh process, alternating, ROUNDS times; the table gives each
 * figure's median and the after/before ratio (the machine is shared: compare ratios, not figures).
 *
 * The work is the booking commands' shape: WRITERS concurrent loops, each reading its stream and
 * appending one event at the revision it read. "Main thread busy" is the event loop's utilisation;
 * "timer lateness" is how late a 1 ms timer fires meanwhile: what an arriving request waits.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { NewEvent } from '../eventstore/eventstore.js';
import { postgresEventStore } from '../eventstore/postgres-eventstore.js';
import { runMigrations } from './migrations.js';
import { openPglite } from './pglite.js';
import { openPgliteWorker } from './pglite-worker.js';
import { migrations } from '../runtime/migrations.js';
import type { SqlClient } from './sql.js';

const ROUNDS = Number(process.env.PGLITE_BENCH_ROUNDS ?? 3);
const COMMANDS = Number(process.env.PGLITE_BENCH_COMMANDS ?? 2_000);
const WRITERS = 16;

const SUBJECTS = {
  before: { label: 'before: PGlite on the event loop', open: (dataDir: string) => openPglite(dataDir) },
  after: {
    label: 'after: PGlite in its own thread',
    open: (dataDir: string) =>
      openPgliteWorker({
        dataDir,
        onUnexpectedExit: (error) => {
          throw error;
        },
      }),
  },
} satisfies Record<string, { label: string; open(dataDir: string): Promise<SqlClient> }>;
type Subject = keyof typeof SUBJECTS;

type Figures = Record<string, number>;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function event(n: number): NewEvent {
  return {
    type: 'SeatsSelected',
    data: { seats: [`${n % 30}A`], passengerId: randomUUID(), amount: '123.45' },
    metadata: {
      eventId: randomUUID(),
      correlationId: randomUUID(),
      causationId: null,
      actor: 'bench',
      brand: 'default',
      timestamp: new Date().toISOString(),
    },
  };
}

/**
 * How late 1 ms timers fire while the load runs: a request's wait before its handler starts. A
 * timer still waiting when the load ends counts with its lateness so far (a starved loop shows).
 */
function timerLateness(): { stop(): number[] } {
  const lateness: number[] = [];
  let due = 0;
  let timer: NodeJS.Timeout;
  const schedule = () => {
    due = performance.now() + 1;
    timer = setTimeout(() => {
      lateness.push(performance.now() - due);
      schedule();
    }, 1);
  };
  schedule();
  return {
    stop() {
      clearTimeout(timer);
      lateness.push(Math.max(0, performance.now() - due));
      return lateness.sort((a, b) => a - b);
    },
  };
}

/** One subject, in this (fresh) process: open, idle memory, the command load, close. */
async function runSubject(subject: Subject, dataDir: string): Promise<Figures> {
  let started = performance.now();
  const sql = await SUBJECTS[subject].open(dataDir);
  const openMs = performance.now() - started;
  const rssMb = process.memoryUsage().rss / 2 ** 20;
  const store = postgresEventStore(sql);
  const run = randomUUID().slice(0, 8);

  const command = async (stream: string) => {
    const events = await store.readStream(stream);
    await store.append(stream, [event(events.length)], events.length === 0 ? 'no_stream' : BigInt(events.length - 1));
  };
  for (let index = 0; index < 50; index += 1) await command(`warm-${run}`);

  const probe = timerLateness();
  const loop = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  let done = 0;
  started = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      // Streams grow to ~25 events, about a booking's length, then the writer starts a new one.
      for (let index = 0; done < COMMANDS; index += 1) {
        done += 1;
        await command(`booking-${run}-${writer}-${Math.floor(index / 25)}`);
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  const busy = performance.eventLoopUtilization(loop);
  const cpuUsed = process.cpuUsage(cpu);
  const late = probe.stop();

  started = performance.now();
  await sql.close();
  const closeMs = performance.now() - started;
  return {
    'commands/s': (done / elapsedMs) * 1000,
    'main thread busy, % of the run': busy.utilization * 100,
    'main-thread busy ms per command': busy.active / done,
    'CPU ms per command, all threads': (cpuUsed.user + cpuUsed.system) / 1000 / done,
    'timer lateness p50, ms': percentile(late, 50),
    'timer lateness p99, ms': percentile(late, 99),
    'timer lateness max, ms': late.at(-1)!,
    'open an existing data directory, ms': openMs,
    'RSS after open, MB': rssMb,
    'close, ms': closeMs,
  };
}

const shown = (value: number) => (value >= 100 ? Math.round(value) : Math.round(value * 100) / 100);

async function main(): Promise<void> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'contrail-pglite-bench-'));
  try {
    const template = path.join(root, 'template');
    const seed = await openPglite(template);
    await runMigrations(seed, migrations);
    await seed.close();

    const loadBefore = os.loadavg()[0]!;
    const figures: Record<Subject, Figures[]> = { before: [], after: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const subject of Object.keys(SUBJECTS) as Subject[]) {
        const dataDir = path.join(root, `${subject}-${round}`);
        cpSync(template, dataDir, { recursive: true });
        const child = spawnSync(
          process.execPath,
          [...process.execArgv, fileURLToPath(import.meta.url), subject, dataDir],
          { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
        );
        if (child.status !== 0) throw new Error(`the ${subject} run failed (exit ${child.status})`);
        figures[subject].push(JSON.parse(child.stdout.trim().split('\n').at(-1)!) as Figures);
        rmSync(dataDir, { recursive: true, force: true });
      }
    }

    const table: Record<string, Record<string, number>> = {};
    for (const metric of Object.keys(figures.before[0]!)) {
      const before = median(figures.before.map((run) => run[metric]!));
      const after = median(figures.after.map((run) => run[metric]!));
      table[metric] = {
        [SUBJECTS.before.label]: shown(before),
        [SUBJECTS.after.label]: shown(after),
        'after / before': Number((after / before).toPrecision(2)),
      };
    }
    console.log(
      `PGlite off the main thread: ${COMMANDS} commands (read a stream, append one event) from ${WRITERS} concurrent writers, median of ${ROUNDS} alternating runs`,
    );
    console.table(table);
    console.log(
      `(machine load average ${loadBefore.toFixed(1)} before and ${os.loadavg()[0]!.toFixed(1)} after, on ${os.cpus().length} cores;` +
        ' run from sources, the thread also loads tsx at open)',
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const [subject, dataDir] = process.argv.slice(2);
if (subject && dataDir) {
  console.log(JSON.stringify(await runSubject(subject as Subject, dataDir)));
} else {
  await main();
}
