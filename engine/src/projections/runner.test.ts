import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { comparePositions, type EventStore, type Position, type RecordedEvent } from '../eventstore/eventstore.js';
import { postgresEventStore } from '../eventstore/postgres-eventstore.js';
import type { SqlClient, SqlExecutor } from '../storage/sql.js';
import { ticks } from '../test-support/eventstore-conformance.js';
import { sqlBackends } from '../test-support/sql.js';
import type { Projection } from './projection.js';
import { projectionReadiness } from './readiness.js';
import { projectionRunner, type ProjectionRunner, type ProjectionStatus } from './runner.js';

/** Counts events per stream and sums their `n`: not idempotent by itself, so any double apply shows. */
function streamTotals(
  options: { failOnce?: number; onApplied?: (applied: number) => void } = {},
): Projection & { applied: number } {
  let failOnce = options.failOnce;
  return {
    name: 'stream_totals',
    eventTypes: ['Ticked'],
    applied: 0,
    async apply(tx: SqlExecutor, event: RecordedEvent) {
      const n = (event.data as { n: number }).n;
      if (n === failOnce) {
        failOnce = undefined;
        throw new Error('read model unavailable');
      }
      await tx.query(
        `INSERT INTO test_stream_totals (stream_name, events, total) VALUES ($1, 1, $2)
         ON CONFLICT (stream_name) DO UPDATE SET events = test_stream_totals.events + 1, total = test_stream_totals.total + $2`,
        [event.streamName, n],
      );
      this.applied += 1;
      options.onApplied?.(this.applied);
    },
    async reset(tx) {
      await tx.query('DELETE FROM test_stream_totals');
    },
  };
}

async function totals(sql: SqlClient) {
  const { rows } = await sql.query(
    'SELECT stream_name, events::int AS events, total::int AS total FROM test_stream_totals ORDER BY stream_name',
  );
  return rows;
}

/**
 * Waits until the projection has applied everything up to `until` (the last append), or, without
 * it, reports itself caught up. Not "caught up with the head" after appending: a transaction open
 * anywhere on a shared PostgreSQL server holds back what is visible, head included.
 */
async function caughtUp(runner: ProjectionRunner, until?: Position, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const done = (status: ProjectionStatus) =>
    until ? status.checkpoint !== undefined && comparePositions(status.checkpoint, until) >= 0 : status.caughtUp;
  while (!(await runner.status()).every(done)) {
    if (Date.now() > deadline) throw new Error('projection not caught up in time');
    await sleep(10);
  }
}

async function untilVisible(store: EventStore, position: Position, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
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

describe.each(sqlBackends())('the projection runner on $name', { timeout: 60_000 }, (backend) => {
  let sql: SqlClient;
  let store: EventStore;
  beforeAll(async () => {
    sql = await backend.open();
    store = postgresEventStore(sql, { pollIntervalMs: 5 });
    await sql.query(
      'CREATE TABLE test_stream_totals (stream_name text PRIMARY KEY, events int NOT NULL, total bigint NOT NULL)',
    );
  });
  afterAll(async () => {
    await sql.close();
  });
  beforeEach(async () => {
    await sql.query('DELETE FROM test_stream_totals');
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

  it('restarts from its checkpoint after a failing batch, showing the error meanwhile', async () => {
    const projection = streamTotals({ failOnce: 60 });
    const runner = projectionRunner({ sql, eventStore: store, projections: [projection], retryDelayMs: 500 });
    const last = await appendMany(store, 100);
    await runner.start();
    const deadline = Date.now() + 45_000;
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
});
