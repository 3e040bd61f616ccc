import { projectionListSchema } from '@contrail/shared/admin/operations';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import type { EventStore, RecordedEvent } from '../eventstore/eventstore.js';
import { withMetadata } from '../eventstore/metadata.js';
import { postgresEventStore } from '../eventstore/postgres-eventstore.js';
import type { Projection } from '../projections/projection.js';
import { projectionRunner, type ProjectionRunner } from '../projections/runner.js';
import type { SqlClient, SqlExecutor } from '../storage/sql.js';
import { answerOf } from '../test-support/answer.js';
import { untilHeadIsLatest } from '../test-support/eventually.js';
import { sqlBackends } from '../test-support/sql.js';
import { adminTestApp, type AdminTestApp } from './test-support/admin-app.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

let broken = false;

/** A read model for the test: per stream, how many events and the last type. */
const tallies: Projection = {
  name: 'tallies',
  async apply(tx: SqlExecutor, event: RecordedEvent) {
    if (broken) throw new Error('tallies are broken');
    await tx.query(
      `INSERT INTO stream_tallies (stream, events, last_type) VALUES ($1, 1, $2)
       ON CONFLICT (stream) DO UPDATE SET events = stream_tallies.events + 1, last_type = EXCLUDED.last_type`,
      [event.streamName, event.type],
    );
  },
  async reset(tx) {
    await tx.query('DELETE FROM stream_tallies');
  },
};

async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + scaled(timeoutMs);
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(sqlBackends())('admin projections API ($name)', (backend) => {
  let sql: SqlClient;
  let eventStore: EventStore;
  let runner: ProjectionRunner;
  let admin: AdminTestApp;
  const clock = new ManualClock('2026-11-22T12:00:00Z');
  const rows = async () => (await sql.query('SELECT * FROM stream_tallies ORDER BY stream')).rows;
  const as = async (user: 'root' | 'brandadmin', method: 'get' | 'post', path: string) => {
    const cookie = await admin.cookie(user);
    return request(admin.app)[method](path).set('Cookie', cookie);
  };

  async function append(stream: string, count: number) {
    const events = Array.from({ length: count }, (_, index) => ({ type: `Step${index}`, data: { index } }));
    await eventStore.append(
      stream,
      withMetadata(events, { correlationId: 'c', actor: 'test', brand: 'default' }, clock),
      'any',
    );
  }

  beforeAll(async () => {
    sql = await backend.open();
    await sql.query(
      'CREATE TABLE stream_tallies (stream text PRIMARY KEY, events int NOT NULL, last_type text NOT NULL)',
    );
    eventStore = postgresEventStore(sql, { pollIntervalMs: 10 });
    runner = projectionRunner({ sql, eventStore, projections: [tallies], batchSize: 7, retryDelayMs: 50 });
    admin = await adminTestApp(sql, { clock, eventStore, projections: runner });
    for (let stream = 0; stream < 12; stream++) await append(`thing-${stream}`, 5);
    await untilHeadIsLatest(sql, eventStore);
  });
  afterAll(async () => {
    await runner.stop();
    await sql.close();
  });

  it('answers 401 signed out and 403 to anyone but a platform admin', async () => {
    for (const [method, path] of [
      ['get', '/api/admin/projections'],
      ['get', '/api/admin/projections/tallies'],
      ['post', '/api/admin/projections/tallies/rebuild'],
    ] as const) {
      const signedOut = await request(admin.app)[method](path);
      expect(signedOut.status, path).toBe(401);
      expect(signedOut.body.message).toBe('Not authenticated');
      const brandAdmin = await as('brandadmin', method, path);
      expect(brandAdmin.status, path).toBe(403);
      expect(brandAdmin.body.message).toBe('Platform admin access required');
    }
    expect(await rows()).toEqual([]);
  });

  it('shows each projection with its checkpoint, lag and state, before and after it catches up', async () => {
    const behind = await as('root', 'get', '/api/admin/projections');
    expect(behind.status).toBe(200);
    answerOf(projectionListSchema, behind);
    expect(behind.body.projections).toEqual([
      {
        name: 'tallies',
        state: 'behind',
        checkpoint: null,
        head: expect.stringMatching(/^\d+\/\d+$/),
        lag: 60,
        lagCapped: false,
        lastError: null,
        rebuild: null,
      },
    ]);
    await runner.start();
    const caughtUp = await poll(
      async () => (await as('root', 'get', '/api/admin/projections/tallies')).body,
      (view) => view.state === 'caught up',
    );
    expect(caughtUp).toMatchObject({ name: 'tallies', lag: 0, checkpoint: behind.body.projections[0].head });
    expect(await rows()).toHaveLength(12);
    const missing = await as('root', 'get', '/api/admin/projections/nothing');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('No projection named nothing');
  });

  it('rebuilds from the first event to the same rows, with progress readable while it runs', async () => {
    await poll(
      () => runner.status(),
      ([status]) => status!.caughtUp,
    );
    const before = await rows();
    expect(before).toHaveLength(12);
    expect(before[0]).toMatchObject({ events: 5, last_type: 'Step4' });

    const started = await as('root', 'post', '/api/admin/projections/tallies/rebuild');
    expect(started.status).toBe(202);
    expect(started.body.rebuild).toMatchObject({ startedAt: '2026-11-22T12:00:00.000Z' });
    const progress: number[] = [started.body.rebuild.progress];
    const done = await poll(
      async () => {
        const view = (await as('root', 'get', '/api/admin/projections/tallies')).body;
        progress.push(view.rebuild.progress);
        return view;
      },
      (view) => view.state !== 'rebuilding',
    );
    expect(done).toMatchObject({ state: 'caught up', lag: 0, rebuild: { progress: 1 } });
    expect(done.rebuild.finishedAt).toEqual(expect.any(String));
    expect(progress.every((value, index) => index === 0 || value >= progress[index - 1]!)).toBe(true);
    expect(await rows()).toEqual(before);

    const unknown = await as('root', 'post', '/api/admin/projections/nothing/rebuild');
    expect(unknown.status).toBe(404);
  });

  it('refuses a second rebuild while one runs, and shows a failing projection', async () => {
    await append('thing-late', 3);
    await untilHeadIsLatest(sql, eventStore);
    broken = true;
    const first = await as('root', 'post', '/api/admin/projections/tallies/rebuild');
    expect(first.status).toBe(202);
    const failing = await poll(
      async () => (await as('root', 'get', '/api/admin/projections/tallies')).body,
      (view) => view.state === 'failing',
    );
    expect(failing).toMatchObject({ state: 'failing', lastError: 'tallies are broken', rebuild: { finishedAt: null } });
    const second = await as('root', 'post', '/api/admin/projections/tallies/rebuild');
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('A rebuild of tallies is already running');
    broken = false;
    const done = await poll(
      async () => (await as('root', 'get', '/api/admin/projections/tallies')).body,
      (view) => view.state === 'caught up',
    );
    expect(done).toMatchObject({ lastError: null, rebuild: { progress: 1 } });
    expect(await rows()).toHaveLength(13);
  });
});
