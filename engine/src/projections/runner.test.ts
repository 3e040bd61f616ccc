import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { comparePositions, type EventStore, type Position, type RecordedEvent } from '../eventstore/eventstore.js';
import { postgresEventStore } from '../eventstore/postgres-eventstore.js';
import type { SqlClient, SqlExecutor } from '../storage/sql.js';
import { ticks } from '../test-support/eventstore-conformance.js';
import { countingSql } from '../test-support/counting-sql.js';
import { sqlBackends } from '../test-support/sql.js';
import type { Projection } from './projection.js';
import { projectionReadiness } from './readiness.js';
import { projectionRunner, type ProjectionRunner, type ProjectionStatus } from './runner.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

/** Counts events per stream and sums their `n`: not idempotent by itself, so any double apply shows. */
function streamTotals(
  options: {
    failOnce?: number;
    /** Throws at this `n` for as long as it returns true. */
    failWhile?: { n: number; failing: () => boolean };
    onApplied?: (applied: number) => void;
    table?: string;
  } = {},
): Projection & { applied: number } {
  let failOnce = options.failOnce;
  const table = options.table ?? 'test_stream_totals';
  return {
    name: table.replace(/^test_/, ''),
    eventTypes: ['Ticked'],
    applied: 0,
    async apply(tx: SqlExecutor, event: RecordedEvent) {
      const n = (event.data as { n: number }).n;
      if (n === failOnce || (n === options.failWhile?.n && options.failWhile.failing())) {
        failOnce = undefined;
        throw new Error('read model unavailable');
      }
      await tx.query(
        `INSERT INTO ${table} (stream_name, events, total) VALUES ($1, 1, $2)
         ON CONFLICT (stream_name) DO UPDATE SET events = ${table}.events + 1, total = ${table}.total + $2`,
        [event.streamName, n],
      );
      this.applied += 1;
      options.onApplied?.(this.applied);
    },
    async reset(tx) {
      await tx.query(`DELETE FROM ${table}`);
    },
  };
}

/**
 * The same totals through applyBatch, remembering them between batches and writing them whole: a
 * total kept past a commit it did not make (another instance's, or its own rolled-back one) shows.
 */
function keptTotals(options: { failOnce?: number } = {}): Projection & { batches: number; reads: number } {
  let failOnce = options.failOnce;
  return {
    name: 'stream_totals',
    eventTypes: ['Ticked'],
    batches: 0,
    reads: 0,
    apply: () => Promise.reject(new Error('applied one by one')),
    async applyBatch(tx, events, kept) {
      this.batches += 1;
      const streams = kept as Map<string, { events: number; total: number }>;
      for (const event of events) {
        const n = (event.data as { n: number }).n;
        let row = streams.get(event.streamName);
        if (!row) {
          this.reads += 1;
          const { rows } = await tx.query<{ events: number; total: number }>(
            'SELECT events::int AS events, total::int AS total FROM test_stream_totals WHERE stream_name = $1',
            [event.streamName],
          );
          row = rows[0] ?? { events: 0, total: 0 };
        }
        row = { events: row.events + 1, total: row.total + n };
        streams.set(event.streamName, row);
        await tx.query(
          `INSERT INTO test_stream_totals (stream_name, events, total) VALUES ($1, $2, $3)
           ON CONFLICT (stream_name) DO UPDATE SET events = $2, total = $3`,
          [event.streamName, row.events, row.total],
        );
        if (n === failOnce) {
          failOnce = undefined;
          throw new Error('read model unavailable');
        }
      }
    },
    async reset(tx) {
      await tx.query('DELETE FROM test_stream_totals');
    },
  };
}

async function totals(sql: SqlClient, table = 'test_stream_totals') {
  const { rows } = await sql.query(
    `SELECT stream_name, events::int AS events, total::int AS total FROM ${table} ORDER BY stream_name`,
  );
  return rows;
}

/**
 * Waits until the projection has applied everything up to `until` (the last append), or, without
 * it, reports itself caught up. Not "caught up with the head" after appending: a transaction open
 * anywhere on a shared PostgreSQL server holds back what is visible, head included.
 */
async function caughtUp(runner: ProjectionRunner, until?: Position, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + scaled(timeoutMs);
  const done = (status: ProjectionStatus) =>
    until ? status.checkpoint !== undefined && comparePositions(status.checkpoint, until) >= 0 : status.caughtUp;
  while (!(await runner.status()).every(done)) {
    if (Date.now() > deadline) throw new Error('projection not caught up in time');
    await sleep(10);
  }
}

async function caughtUpTo(
  status: () => Promise<Map<string, ProjectionStatus>>,
  name: string,
  until: Position,
): Promise<boolean> {
  const checkpoint = (await status()).get(name)?.checkpoint;
  return checkpoint !== undefined && comparePositions(checkpoint, until) >= 0;
}

async function untilVisible(store: EventStore, position: Position, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + scaled(timeoutMs);
  for (;;) {
    const head = await store.headPosition();
    if (head && comparePositions(head, position) >= 0) return;
    if (Date.now() > deadline) throw new Error('appended events never became visible');
    await sleep(5);
  }
}

/** 3 streams x `perStream` events, appended in small batches; returns the last position. */
async function appendMany(store: EventStore, perStream: number, from = 0): Promise<Position> {
  let last: Position | undefined;
  for (let start = from; start < from + perStream; start += 50) {
    for (const stream of ['s-a', 's-b', 's-c']) last = (await store.append(stream, ticks(50, start), 'any')).position;
  }
  return last!;
}

const expectedTotals = (perStream: number) => {
  const total = (perStream * (perStream - 1)) / 2;
  return ['s-a', 's-b', 's-c'].map((stream_name) => ({ stream_name, events: perStream, total }));
};

describe.each(sqlBackends())('the projection runner on $name', { timeout: scaled(60_000) }, (backend) => {
  let sql: SqlClient;
  let store: EventStore;
  beforeAll(async () => {
    sql = await backend.open();
    store = postgresEventStore(sql, { pollIntervalMs: 5 });
    for (const table of ['test_stream_totals', 'test_other_totals']) {
      await sql.query(
        `CREATE TABLE ${table} (stream_name text PRIMARY KEY, events int NOT NULL, total bigint NOT NULL)`,
      );
    }
  });
  afterAll(async () => {
    await sql.close();
  });
  beforeEach(async () => {
    await sql.query('DELETE FROM test_stream_totals');
    await sql.query('DELETE FROM test_other_totals');
    await sql.query('DELETE FROM projection_checkpoints');
    await sql.query('TRUNCATE es_events, es_streams');
  });

  it('feeds the read model live and reports when it is caught up', async () => {
    const projection = streamTotals();
    const runner = projectionRunner({ sql, eventStore: store, projections: [projection] });
    await runner.start();
    await appendMany(store, 100);
    const last = await store.append(
      'other',
      [{ type: 'Tocked', data: { n: 1 }, metadata: ticks(1)[0]!.metadata }],
      'any',
    );
    await caughtUp(runner, last.position);
    await runner.stop();
    expect(await totals(sql)).toEqual(expectedTotals(100));
    expect(projection.applied).toBe(300);
  });

  it('stopped mid-stream and restarted, resumes from its checkpoint with nothing lost or doubled', async () => {
    await appendMany(store, 300);
    let stopping: Promise<void> | undefined;
    const first = streamTotals({ onApplied: (applied) => void (applied === 150 && (stopping = runner.stop())) });
    const runner = projectionRunner({ sql, eventStore: store, projections: [first], batchSize: 50 });
    await runner.start();
    while (!stopping) await sleep(1);
    await stopping;
    const stoppedAt = first.applied;
    expect(stoppedAt).toBeLessThan(900);

    const last = await appendMany(store, 100, 300);
    const second = streamTotals();
    const restarted = projectionRunner({ sql, eventStore: store, projections: [second], batchSize: 50 });
    await restarted.start();
    await caughtUp(restarted, last);
    await restarted.stop();
    expect(stoppedAt + second.applied).toBe(1_200);
    expect(await totals(sql)).toEqual(expectedTotals(400));
  });

  it('rebuilt from zero, ends identical to the live read model', async () => {
    const runner = projectionRunner({ sql, eventStore: store, projections: [streamTotals()] });
    await runner.start();
    const last = await appendMany(store, 100);
    await caughtUp(runner, last);
    const live = await totals(sql);
    await runner.rebuild('stream_totals');
    await caughtUp(runner, last);
    await runner.stop();
    expect(await totals(sql)).toEqual(live);
    expect(live).toEqual(expectedTotals(100));
  });

  // Only a PostgreSQL server is shared by processes: on the embedded database rebuilds run in its one process.
  it.runIf(backend.name === 'postgres')(
    'rebuilt from a process that does not run it: the running one sees the reset and replays, also when idle',
    async () => {
      const owner = projectionRunner({ sql, eventStore: store, projections: [streamTotals()], resetCheckMs: 50 });
      const elsewhere = projectionRunner({ sql, eventStore: store, projections: [streamTotals()] });
      await owner.start();
      const last = await appendMany(store, 100);
      await caughtUp(owner, last);
      const live = await totals(sql);
      // An engine without the projector role answering the admin's rebuild: it only resets.
      await elsewhere.rebuild('stream_totals');
      await caughtUp(owner, last);
      await owner.stop();
      expect(await totals(sql)).toEqual(live);
      expect((await elsewhere.status())[0]!.lastError).toBeUndefined();
    },
  );

  it('applies each event once when two instances run the same projection (every event delivered twice)', async () => {
    const one = streamTotals();
    const two = streamTotals();
    const runners = [one, two].map((projection) =>
      projectionRunner({ sql, eventStore: store, projections: [projection], batchSize: 20 }),
    );
    await Promise.all(runners.map((runner) => runner.start()));
    const last = await appendMany(store, 100);
    await Promise.all(runners.map((runner) => caughtUp(runner, last)));
    await Promise.all(runners.map((runner) => runner.stop()));
    expect(one.applied + two.applied).toBe(300);
    expect(await totals(sql)).toEqual(expectedTotals(100));
  });

  it('keeps what a batch projection remembers only across its own consecutive commits', async () => {
    const alone = keptTotals();
    const runner = projectionRunner({ sql, eventStore: store, projections: [alone], batchSize: 20 });
    await runner.start();
    const first = await appendMany(store, 100);
    await caughtUp(runner, first);
    expect(await totals(sql)).toEqual(expectedTotals(100));
    // Alone, each stream's row is read once: every later batch follows on its own commit.
    expect(alone.reads).toBe(3);
    // As another instance's commit would: the rows and the checkpoint moved behind its back.
    await sql.transaction(async (tx) => {
      await tx.query('UPDATE test_stream_totals SET total = total + 1000');
      await tx.query(
        "UPDATE projection_checkpoints SET prepare_position = prepare_position + 1 WHERE name = 'stream_totals'",
      );
    });
    const second = await appendMany(store, 50, 100);
    await caughtUp(runner, second);
    await runner.stop();
    expect(await totals(sql)).toEqual(expectedTotals(150).map((row) => ({ ...row, total: row.total + 1000 })));
    expect(alone.reads).toBe(6);

    // Two instances: a batch after the other's commit starts from the table, never from what it kept.
    // Batches of different sizes, so each instance's batches overlap the other's commits.
    const runners = [
      { projection: keptTotals(), batchSize: 20 },
      { projection: keptTotals({ failOnce: 130 }), batchSize: 7 },
    ].map(({ projection, batchSize }) =>
      projectionRunner({ sql, eventStore: store, projections: [projection], batchSize, retryDelayMs: 50 }),
    );
    await Promise.all(runners.map((instance) => instance.start()));
    const last = await appendMany(store, 100, 150);
    await Promise.all(runners.map((instance) => caughtUp(instance, last)));
    await Promise.all(runners.map((instance) => instance.stop()));
    expect(await totals(sql)).toEqual(expectedTotals(250).map((row) => ({ ...row, total: row.total + 1000 })));
  });

  it('restarts from its checkpoint after a failing batch, showing the error meanwhile', async () => {
    const projection = streamTotals({ failOnce: 60 });
    const runner = projectionRunner({ sql, eventStore: store, projections: [projection], retryDelayMs: 500 });
    const last = await appendMany(store, 100);
    await runner.start();
    const deadline = Date.now() + scaled(45_000);
    while ((await runner.status())[0]!.lastError !== 'read model unavailable') {
      if (Date.now() > deadline) throw new Error('the failure never showed in the status');
      await sleep(5);
    }
    await caughtUp(runner, last);
    await runner.stop();
    expect((await runner.status())[0]!.lastError).toBeUndefined();
    expect(await totals(sql)).toEqual(expectedTotals(100));
  });

  it('makes /readyz unready when a projection stays behind too long', async () => {
    let clock = 0;
    const runner = projectionRunner({ sql, eventStore: store, projections: [streamTotals()] });
    const readiness = projectionReadiness(runner, { maxLagMs: 1_000, now: () => clock });
    expect(await readiness.check()).toEqual({ ok: true, detail: { stream_totals: 'caught up' } });
    const last = await appendMany(store, 50);
    await untilVisible(store, last);
    expect(await readiness.check()).toMatchObject({
      ok: true,
      detail: { stream_totals: expect.stringMatching(/^behind for 0s/) },
    });
    clock = 1_500;
    expect(await readiness.check()).toMatchObject({
      ok: false,
      detail: { stream_totals: expect.stringMatching(/^behind for 2s \(at start, head \d+\/\d+\)/) },
    });
    await runner.start();
    await caughtUp(runner, last);
    await caughtUp(runner);
    await runner.stop();
    expect(await readiness.check()).toEqual({ ok: true, detail: { stream_totals: 'caught up' } });
  });

  it('projects an append at once, without waiting for the poll interval', async () => {
    // Polling once a minute: only the append's wake can bring the event in within the test's time.
    const slow = postgresEventStore(sql, { pollIntervalMs: 60_000 });
    const runner = projectionRunner({ sql, eventStore: slow, projections: [streamTotals()] });
    await runner.start();
    await caughtUp(runner);
    const last = await slow.append('s-a', ticks(3), 'any');
    await caughtUp(runner, last.position, 20_000);
    await runner.stop();
    expect(await totals(sql)).toEqual([{ stream_name: 's-a', events: 3, total: 3 }]);
  });

  it('commits a batch for every projection in one transaction with one checkpoint write', async () => {
    const counted = countingSql(sql);
    const slow = postgresEventStore(counted, { pollIntervalMs: 60_000 });
    const runner = projectionRunner({
      sql: counted,
      eventStore: slow,
      projections: [streamTotals(), streamTotals({ table: 'test_other_totals' })],
    });
    await runner.start();
    await caughtUp(runner);
    counted.reset();
    const last = await slow.append('s-b', ticks(40), 'any');
    await caughtUp(runner, last.position, 20_000);
    await runner.stop();
    const log = counted.log;
    expect(log.filter((text) => text === 'BEGIN')).toHaveLength(1);
    expect(log.filter((text) => /^(WITH .*)?UPDATE projection_checkpoints/.test(text))).toHaveLength(1);
    expect(await totals(sql)).toEqual([{ stream_name: 's-b', events: 40, total: 780 }]);
    expect(await totals(sql, 'test_other_totals')).toEqual(await totals(sql));
  });

  it('rolls back a failing batch whole, holding back only the failing read model, then applies it exactly once', async () => {
    let broken = true;
    const healthy = streamTotals({ table: 'test_other_totals' });
    const failing = streamTotals({ failWhile: { n: 70, failing: () => broken } });
    const runner = projectionRunner({ sql, eventStore: store, projections: [failing, healthy], retryDelayMs: 50 });
    await runner.start();
    const last = await appendMany(store, 100);
    const status = () => runner.status().then((statuses) => new Map(statuses.map((entry) => [entry.name, entry])));
    const deadline = Date.now() + scaled(45_000);
    while (!(await caughtUpTo(status, 'other_totals', last))) {
      if (Date.now() > deadline) throw new Error('the healthy projection was held back');
      await sleep(10);
    }
    const stuck = (await status()).get('stream_totals')!;
    expect(stuck.lastError).toBe('read model unavailable');
    expect(stuck.caughtUp).toBe(false);
    // Its read model holds exactly what its checkpoint covers: the failed batches left nothing behind.
    const covered = (await store.readAll({ maxCount: 1_000 })).filter(
      (event) => stuck.checkpoint && comparePositions(event.position, stuck.checkpoint) <= 0,
    );
    const applied = await totals(sql);
    expect(applied.reduce((sum, row) => sum + Number(row.events), 0)).toBe(covered.length);
    expect(covered.some((event) => (event.data as { n: number }).n === 70)).toBe(false);

    broken = false;
    await caughtUp(runner, last);
    await runner.stop();
    expect(await totals(sql)).toEqual(expectedTotals(100));
    expect(await totals(sql, 'test_other_totals')).toEqual(expectedTotals(100));
  });
});
