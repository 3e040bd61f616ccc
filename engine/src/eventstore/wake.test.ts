import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../storage/postgres.js';
import type { SqlClient } from '../storage/sql.js';
import { eventually } from '../test-support/eventually.js';
import { ticks } from '../test-support/eventstore-conformance.js';
import { serviceUrl } from '../test-support/services.js';
import { sqlBackends } from '../test-support/sql.js';
import type { EventStore, RecordedEvent, Subscription } from './eventstore.js';
import { postgresEventStore } from './postgres-eventstore.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

/**
 * Every store here polls once an hour, and every test must pass well within that (its bound grows
 * with a busy machine, up to 200 s): an event can only arrive in time because its commit woke the
 * subscription.
 */
const POLL_MS = 3_600_000;
const WITHIN_MS = scaled(20_000);

/** Subscribes from the head; `ready` resolves after the first read, once it sleeps. */
async function follow(store: EventStore) {
  const head = await store.headPosition();
  const seen: RecordedEvent[] = [];
  let waiters: Array<() => void> = [];
  let caughtUp!: () => void;
  const ready = new Promise<void>((resolve) => (caughtUp = resolve));
  const subscription: Subscription = store.subscribeToAll({
    ...(head && { after: head }),
    handler: async (event) => {
      seen.push(event);
      for (const wake of waiters) wake();
      waiters = [];
    },
    onCaughtUp: () => caughtUp(),
  });
  return {
    seen,
    ready,
    subscription,
    /** Resolves once an event of `stream` has arrived. */
    async arrival(stream: string): Promise<void> {
      while (!seen.some((event) => event.streamName === stream))
        await new Promise<void>((resolve) => waiters.push(resolve));
    },
  };
}

describe.each(sqlBackends())('subscriptions woken by commits on $name', { timeout: WITHIN_MS }, (backend) => {
  let sql: SqlClient;
  beforeAll(async () => {
    sql = await backend.open();
  });
  afterAll(async () => {
    await sql?.close();
  });

  it('an append in this process is delivered at once, not at the next poll', async () => {
    const store = postgresEventStore(sql, { pollIntervalMs: POLL_MS });
    const follower = await follow(store);
    await follower.ready;
    await store.append('woken-1', ticks(2), 'no_stream');
    await follower.arrival('woken-1');
    await follower.subscription.stop();
    await store.close();
    expect(follower.seen.map((event) => event.streamName)).toEqual(['woken-1', 'woken-1']);
  });

  it('an append through another store on the same database wakes this one too', async () => {
    const reader = postgresEventStore(sql, { pollIntervalMs: POLL_MS });
    const writer = postgresEventStore(sql, { pollIntervalMs: POLL_MS });
    const follower = await follow(reader);
    await follower.ready;
    await writer.append('woken-2', ticks(1), 'no_stream');
    await follower.arrival('woken-2');
    await follower.subscription.stop();
  });
});

describe.each(sqlBackends())('a busy event store on $name', { timeout: WITHIN_MS }, (backend) => {
  // On PGlite the appends hand their events over (no reads); on PostgreSQL each commit is read back.
  it('spaces its reads at the head: a burst of commits shares them, and every event arrives', async () => {
    const sql = await backend.open();
    const readsAt: number[] = [];
    const counted: SqlClient = {
      ...sql,
      query: (text, params) => {
        if (text.includes('(transaction_id, global_position) >')) readsAt.push(performance.now());
        return sql.query(text, params);
      },
    };
    const store = postgresEventStore(counted, { pollIntervalMs: POLL_MS });
    const follower = await follow(store);
    await follower.ready;
    readsAt.length = 0;
    const streams = Array.from({ length: 30 }, () => `burst-${randomBytes(4).toString('hex')}`);
    await Promise.all(streams.map((stream) => store.append(stream, ticks(1), 'no_stream')));
    for (const stream of streams) await follower.arrival(stream);
    await follower.subscription.stop();
    await store.close();
    await sql.close();
    const gaps = readsAt.slice(1).map((at, index) => at - readsAt[index]!);
    // 10 ms apart (the timer's millisecond may start early): unspaced, they follow each commit within 1 or 2 ms.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(8);
    expect(follower.seen.filter((event) => streams.includes(event.streamName))).toHaveLength(30);
  });
});

describe.each(sqlBackends())('an idle event store on $name', (backend) => {
  it('polls once per interval for all its subscriptions, which share the read', async () => {
    const sql = await backend.open();
    const reads: string[] = [];
    const counted: SqlClient = {
      ...sql,
      query: (text, params) => {
        if (text.includes('FROM es_events')) reads.push(text);
        return sql.query(text, params);
      },
    };
    const store = postgresEventStore(counted, { pollIntervalMs: 200 });
    const followers = await Promise.all([follow(store), follow(store), follow(store)]);
    await Promise.all(followers.map((follower) => follower.ready));
    await new Promise((resolve) => setTimeout(resolve, 300));
    reads.length = 0;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const idleReads = reads.length;
    for (const follower of followers) await follower.subscription.stop();
    await store.close();
    await sql.close();
    // About five polls in that second, each one read for the three (unshared it would be fifteen).
    expect(idleReads).toBeGreaterThanOrEqual(1);
    expect(idleReads).toBeLessThanOrEqual(8);
  });
});

const url = serviceUrl('DATABASE_URL');

describe.runIf(url)('LISTEN/NOTIFY across processes on PostgreSQL', { timeout: WITHIN_MS * 2 }, () => {
  let admin: SqlClient;
  let schema: string;
  /** Clients on the same schema, as two engine processes would have. */
  const opened: SqlClient[] = [];
  const client = (applicationName?: string) => {
    const sql = openPostgres({
      url: url!,
      schema,
      maxConnections: 4,
      listenRetryMs: { first: 20, max: 200 },
      ...(applicationName && { applicationName }),
    });
    opened.push(sql);
    return sql;
  };

  beforeAll(async () => {
    const migrated = await sqlBackends()
      .find((backend) => backend.name === 'postgres')!
      .open();
    admin = migrated;
    schema = (await migrated.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0]!.schema;
  });
  afterAll(async () => {
    for (const sql of opened) await sql.close();
    await admin?.close();
  });

  it("delivers another client's append at once", async () => {
    const reader = postgresEventStore(client(), { pollIntervalMs: POLL_MS });
    const writer = postgresEventStore(client(), { pollIntervalMs: POLL_MS });
    const follower = await follow(reader);
    await follower.ready;
    await writer.append('across', ticks(1), 'no_stream');
    await follower.arrival('across');
    await follower.subscription.stop();
    expect(follower.seen.map((event) => event.streamName)).toEqual(['across']);
  });

  it("tells each onAppended listener which stream another client wrote, and only this schema's", async () => {
    const hearer = postgresEventStore(client(), { pollIntervalMs: POLL_MS });
    const writer = postgresEventStore(client(), { pollIntervalMs: POLL_MS });
    const heard: string[] = [];
    const connected = await sqlBackends()
      .find((backend) => backend.name === 'postgres')!
      .open();
    const elsewhere = postgresEventStore(connected, { pollIntervalMs: POLL_MS });
    const stop = hearer.onAppended!((streamName) => heard.push(streamName));
    try {
      // Until its LISTEN holds, appends go unheard: write until one is.
      for (let attempt = 0; heard.length === 0 && attempt < 200; attempt += 1) {
        await writer.append(`booking-${attempt}`, ticks(1), 'any');
        await eventually(
          async () => heard.length,
          (count) => count > 0,
          100,
        );
      }
      await elsewhere.append('booking-in-another-schema', ticks(1), 'no_stream');
      await writer.append('booking-last/with-slash', ticks(1), 'no_stream');
      await eventually(
        async () => heard.at(-1),
        (last) => last === 'booking-last/with-slash',
      );
      expect(heard.at(-1)).toBe('booking-last/with-slash');
      expect(heard).not.toContain('booking-in-another-schema');
    } finally {
      stop();
      await connected.close();
    }
  });

  it('an append held back by an older open transaction still arrives once that transaction ends', async () => {
    const sql = client();
    const store = postgresEventStore(sql, { pollIntervalMs: POLL_MS });
    const follower = await follow(store);
    await follower.ready;
    let release!: () => void;
    const holding = sql.transaction(async (tx) => {
      // An older transaction id still running: later commits stay invisible to the gap-free read.
      await tx.query('SELECT pg_current_xact_id()');
      await new Promise<void>((resolve) => (release = resolve));
    });
    while (!release) await new Promise((resolve) => setTimeout(resolve, 5));
    await store.append('held-back', ticks(1), 'no_stream');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(follower.seen).toEqual([]);
    release();
    await holding;
    await follower.arrival('held-back');
    await follower.subscription.stop();
  });

  it('re-opens a dropped listening connection and hears commits again', async () => {
    const name = `wake-test-${randomBytes(4).toString('hex')}`;
    const reader = postgresEventStore(client(name), { pollIntervalMs: POLL_MS });
    const writer = postgresEventStore(client(), { pollIntervalMs: POLL_MS });
    const follower = await follow(reader);
    await follower.ready;
    const listenerPids = async () =>
      (
        await admin.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND query LIKE 'LISTEN%'",
          [`${name} listener`],
        )
      ).rows.map((row) => row.pid);
    const [first] = await eventually(listenerPids, (pids) => pids.length === 1);
    expect(first).toBeDefined();
    await admin.query('SELECT pg_terminate_backend($1)', [first]);
    const again = await eventually(listenerPids, (pids) => pids.length === 1 && pids[0] !== first);
    expect(again).toHaveLength(1);
    expect(again[0]).not.toBe(first);
    await writer.append('after-reconnect', ticks(1), 'no_stream');
    await follower.arrival('after-reconnect');
    await follower.subscription.stop();
  });
});
