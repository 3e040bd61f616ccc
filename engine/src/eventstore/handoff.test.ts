import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../storage/sql.js';
import { ticks } from '../test-support/eventstore-conformance.js';
import { sqlBackends } from '../test-support/sql.js';
import { WrongExpectedRevisionError, type NewEvent, type RecordedEvent } from './eventstore.js';
import { appendEvents, postgresEventStore } from './postgres-eventstore.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

const POLL_MS = 60_000;
const READ_ALL = /FROM es_events\s+WHERE \(transaction_id, global_position\) >/;

/** A client that counts its reads of the global order. */
function countingReads(sql: SqlClient): SqlClient & { reads(): number } {
  let reads = 0;
  return {
    ...sql,
    query: (text, params) => {
      if (READ_ALL.test(text)) reads += 1;
      return sql.query(text, params);
    },
    reads: () => reads,
  };
}

function follower(store: ReturnType<typeof postgresEventStore>, after?: RecordedEvent['position']) {
  const seen: RecordedEvent[] = [];
  let caughtUp!: () => void;
  const ready = new Promise<void>((resolve) => (caughtUp = resolve));
  const subscription = store.subscribeToAll({
    ...(after && { after }),
    handler: async (event) => void seen.push(event),
    onCaughtUp: () => caughtUp(),
  });
  const until = async (count: number) => {
    const deadline = Date.now() + scaled(10_000);
    while (seen.length < count) {
      if (Date.now() > deadline) throw new Error(`saw ${seen.length} of ${count} events`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  return { seen, ready, subscription, until };
}

/** A store that counts its reads, and a subscription from its head that has caught up. */
async function followingFromHead(sql: SqlClient) {
  const counted = countingReads(sql);
  const store = postgresEventStore(counted, { pollIntervalMs: POLL_MS });
  const head = await store.headPosition();
  const follow = follower(store, head);
  await follow.ready;
  return { counted, store, head, follow, readsBefore: counted.reads() };
}

/** Keys in an order jsonb does not keep, an undefined member, nesting: what a read gives back differs. */
function oddEvent(): NewEvent {
  return {
    type: 'Odd',
    data: { zebra: 1, a: { longer: [1, { y: 2, x: undefined, b: 'é' }], k: null }, mid: 1.5, '10': 't', '9': 'n' },
    metadata: {
      timestamp: '2026-11-22T12:00:00.000Z',
      eventId: randomUUID(),
      correlationId: 'corr-odd',
      causationId: null,
      actor: 'test',
      brand: 'default',
    },
  };
}

describe.each(sqlBackends().filter((backend) => backend.name === 'pglite'))(
  'appends handed to subscriptions on $name',
  (backend) => {
    let sql: SqlClient;
    beforeAll(async () => {
      sql = await backend.open();
    });
    afterAll(async () => {
      await sql?.close();
    });

    it('delivers a caught-up subscription the appended events without reading them, as a read gives them', async () => {
      const { counted, store, head, follow, readsBefore } = await followingFromHead(sql);
      await store.append('handed-1', [oddEvent(), ...ticks(2)], 'no_stream');
      await store.append('handed-2', ticks(1), 'no_stream');
      await store.append('handed-1', ticks(1, 2), 2n);
      await follow.until(5);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(counted.reads()).toBe(readsBefore);
      await follow.subscription.stop();

      const read = await store.readAll({ ...(head && { after: head }) });
      expect(follow.seen).toStrictEqual(read);
      // Key order too: a handed-off event serialises as the stored one does.
      const text = (events: RecordedEvent[]) =>
        JSON.stringify(events.map(({ data, metadata }) => ({ data, metadata })));
      expect(text(follow.seen)).toBe(text(read));
      await store.close();
    });

    it('reads instead when a commit it did not hear of comes between, and delivers everything once, in order', async () => {
      const { counted, store, head, follow, readsBefore } = await followingFromHead(sql);
      // Written around the store: no subscription is told of it.
      await sql.transaction((tx) => appendEvents(tx, 'unheard', ticks(2, 100), 'no_stream'));
      await store.append('heard', ticks(1, 200), 'no_stream');
      await follow.until(3);
      await follow.subscription.stop();
      expect(counted.reads()).toBeGreaterThan(readsBefore);
      const read = await store.readAll({ ...(head && { after: head }) });
      expect(follow.seen).toStrictEqual(read);
      expect(follow.seen.map((event) => event.streamName)).toEqual(['unheard', 'unheard', 'heard']);
      await store.close();
    });

    it("writes an outbox's rows in the append's statement, only when the events are written", async () => {
      await sql.query('CREATE TABLE IF NOT EXISTS test_outbox (stream_name text, revision int, n int)');
      const statements: string[] = [];
      const counted: SqlClient = {
        ...sql,
        query: (text, params) => {
          statements.push(text);
          return sql.query(text, params);
        },
      };
      const store = postgresEventStore(counted, { pollIntervalMs: POLL_MS });
      const written: RecordedEvent[][] = [];
      const detach = store.attachOutbox!({
        sql: counted,
        rowsFor: (events) => ({
          statement: (param) =>
            `INSERT INTO test_outbox SELECT row.stream_name, row.revision, row.n
             FROM jsonb_to_recordset(${param}::jsonb) AS row(stream_name text, revision int, n int)
             WHERE EXISTS (SELECT FROM inserted)`,
          rows: events.map((event) => ({
            stream_name: event.streamName,
            revision: Number(event.revision),
            n: (event.data as { n: number }).n,
          })),
        }),
        written: (events) => void written.push([...events]),
      });
      const head = await store.headPosition();
      const follow = follower(store, head);
      await follow.ready;
      statements.length = 0;
      await store.append('outboxed', ticks(2, 7), 'no_stream');
      expect(statements).toHaveLength(1);
      await expect(store.append('outboxed', ticks(1, 9), 0n)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await store.append('outboxed', ticks(1, 9), 1n);
      detach();
      await store.append('outboxed', ticks(1, 10), 2n);
      await follow.until(4);
      await follow.subscription.stop();
      const { rows } = await sql.query('SELECT stream_name, revision, n FROM test_outbox ORDER BY revision');
      expect(rows).toEqual([
        { stream_name: 'outboxed', revision: 0, n: 7 },
        { stream_name: 'outboxed', revision: 1, n: 8 },
        { stream_name: 'outboxed', revision: 2, n: 9 },
      ]);
      // Told of what it wrote with the very events the subscriptions were handed.
      expect(written.map((events) => events.map((event) => (event.data as { n: number }).n))).toEqual([[7, 8], [9]]);
      expect(written.flat().every((event) => follow.seen.includes(event))).toBe(true);
      await store.close();
    });

    it('a subscription behind the head reads up to it, then takes what is handed to it', async () => {
      const store = postgresEventStore(sql, { pollIntervalMs: POLL_MS });
      const head = await store.headPosition();
      await store.append('behind-1', ticks(3), 'no_stream');
      const follow = follower(store, head);
      await follow.ready;
      await store.append('behind-2', ticks(2), 'no_stream');
      await follow.until(5);
      await follow.subscription.stop();
      expect(follow.seen).toStrictEqual(await store.readAll({ ...(head && { after: head }) }));
      await store.close();
    });

    it('knows the streams it wrote without reading them back, as a read gives them, and reads again after a conflict', async () => {
      const streamReads: string[] = [];
      const counted: SqlClient = {
        ...sql,
        query: (text, params) => {
          if (/WHERE stream_name = \$1 AND stream_revision >=/.test(text)) streamReads.push(String(params?.[0]));
          return sql.query(text, params);
        },
      };
      const store = postgresEventStore(counted, { pollIntervalMs: POLL_MS });
      const fromDatabase = postgresEventStore({ ...sql }, { pollIntervalMs: POLL_MS });
      await store.append('known-1', [oddEvent(), ...ticks(2)], 'no_stream');
      await store.append('known-1', ticks(2, 2), 2n);
      expect(await store.readStream('known-1')).toStrictEqual(await fromDatabase.readStream('known-1'));
      expect(await store.readStream('known-1', { fromRevision: 1n, maxCount: 2 })).toStrictEqual(
        await fromDatabase.readStream('known-1', { fromRevision: 1n, maxCount: 2 }),
      );
      expect(streamReads).toEqual([]);

      await expect(store.append('known-1', ticks(1, 9), 1n)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream('known-1')).toHaveLength(5);
      expect(streamReads).toEqual(['known-1']);
      await store.close();
      await fromDatabase.close();
    });
  },
);
