/**
 * Event store benchmark: append throughput (1 and 16 concurrent writers), read-stream latency
 * and full replay rate, on embedded PGlite and on PostgreSQL when DATABASE_URL is set.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { openPglite } from '../storage/pglite.js';
import { openPostgres } from '../storage/postgres.js';
import { runMigrations } from '../storage/migrations.js';
import { migrations } from '../runtime/migrations.js';
import type { SqlClient } from '../storage/sql.js';
import type { AppendResult, EventStore, NewEvent, Position } from './eventstore.js';
import { postgresEventStore } from './postgres-eventstore.js';

const APPENDS = 1_600;
const STREAMS_FOR_READS = 200;
const READS = 1_000;

function events(count: number): NewEvent[] {
  return Array.from({ length: count }, (_, index) => ({
    type: 'SeatsSelected',
    data: { seats: [`${10 + index}A`], passengerId: randomUUID(), amount: '123.45' },
    metadata: {
      eventId: randomUUID(),
      correlationId: randomUUID(),
      causationId: null,
      actor: 'bench',
      brand: 'default',
      timestamp: new Date().toISOString(),
    },
  }));
}

const rate = (count: number, ms: number) => Math.round((count / ms) * 1000);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** `writers` concurrent writers share APPENDS appends of `batch` events, each on its own streams with exact revisions. */
async function appendRate(store: EventStore, writers: number, batch: number): Promise<number> {
  const perWriter = Math.floor(APPENDS / writers / Math.max(1, batch / 10));
  const run = `w${randomBytes(3).toString('hex')}`;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      let revision: bigint | 'no_stream' = 'no_stream';
      for (let index = 0; index < perWriter; index += 1) {
        const result: AppendResult = await store.append(`bench-${run}-${writer}`, events(batch), revision);
        revision = result.nextExpectedRevision;
      }
    }),
  );
  return rate(writers * perWriter * batch, performance.now() - started);
}

async function readLatency(store: EventStore): Promise<{ p50: number; p95: number; p99: number }> {
  const run = randomBytes(3).toString('hex');
  for (let stream = 0; stream < STREAMS_FOR_READS; stream += 1)
    await store.append(`read-${run}-${stream}`, events(20), 'no_stream');
  const timings: number[] = [];
  for (let read = 0; read < READS; read += 1) {
    const started = performance.now();
    const found = await store.readStream(`read-${run}-${Math.floor(Math.random() * STREAMS_FOR_READS)}`);
    timings.push(performance.now() - started);
    if (found.length !== 20) throw new Error('short read');
  }
  timings.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return {
    p50: round(percentile(timings, 50)),
    p95: round(percentile(timings, 95)),
    p99: round(percentile(timings, 99)),
  };
}

async function replayRate(store: EventStore): Promise<{ events: number; readAll: number; subscription: number }> {
  let count = 0;
  let after: Position | undefined;
  let started = performance.now();
  for (;;) {
    const page = await store.readAll({ ...(after && { after }), maxCount: 1_000 });
    count += page.length;
    if (page.length < 1_000) break;
    after = page[page.length - 1]!.position;
  }
  const readAll = rate(count, performance.now() - started);

  started = performance.now();
  let delivered = 0;
  await new Promise<void>((resolve, reject) => {
    const subscription = store.subscribeToAll({
      handler: async () => {
        delivered += 1;
      },
      onCaughtUp: () => {
        if (delivered >= count) void subscription.stop().then(resolve, reject);
      },
    });
  });
  return { events: count, readAll, subscription: rate(delivered, performance.now() - started) };
}

async function measure(name: string, sql: SqlClient) {
  await runMigrations(sql, migrations);
  const store = postgresEventStore(sql);
  const oneWriter = await appendRate(store, 1, 1);
  const sixteenWriters = await appendRate(store, 16, 1);
  const batched = await appendRate(store, 16, 100);
  const latency = await readLatency(store);
  const replay = await replayRate(store);
  return {
    backend: name,
    'append ev/s, 1 writer': oneWriter,
    'append ev/s, 16 writers': sixteenWriters,
    'append ev/s, 16 writers x100/batch': batched,
    'readStream(20 ev) p50 ms': latency.p50,
    'p95 ms': latency.p95,
    'p99 ms': latency.p99,
    'replay events': replay.events,
    'replay readAll ev/s': replay.readAll,
    'replay subscription ev/s': replay.subscription,
  };
}

const rows = [];
const pglite = await openPglite();
rows.push(await measure('pglite (in memory)', pglite));
await pglite.close();

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = openPostgres({ url: databaseUrl, maxConnections: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const sql = openPostgres({ url: databaseUrl, schema, maxConnections: 20 });
  try {
    rows.push(await measure('postgresql', sql));
  } finally {
    await sql.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
  }
} else {
  console.log('DATABASE_URL is not set: PostgreSQL skipped');
}

// One row per measurement reads better than one very wide table.
for (const row of rows) {
  console.log(`\nEvent store on ${row.backend}`);
  console.table(
    Object.fromEntries(
      Object.entries(row)
        .filter(([key]) => key !== 'backend')
        .map(([key, value]) => [key, { value }]),
    ),
  );
}
console.log(`(machine load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores while measuring)`);
