import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../storage/sql.js';
import { sqlBackends } from '../test-support/sql.js';
import { ticks } from '../test-support/eventstore-conformance.js';
import type { EventStore, Subscription } from './eventstore.js';
import { appendEvents, postgresEventStore } from './postgres-eventstore.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

const WRITERS = 8;
const TRANSACTIONS_PER_WRITER = 25;
const EVENTS_PER_TRANSACTION = 50;
const TOTAL = WRITERS * TRANSACTIONS_PER_WRITER * EVENTS_PER_TRANSACTION;
const SUBSCRIBERS = 3;

/*
 * Concurrent writers take global positions in one order and commit in another (each holds its
 * transaction open for a random moment after inserting). Subscribers polling all the while must
 * each see every event exactly once, all in the same order, the one readAll gives afterwards.
 * On PGlite (one connection) the writers are serialised; on PostgreSQL they really overlap.
 */
describe.each(sqlBackends())('gap-free global order on $name', (backend) => {
  let sql: SqlClient;
  let store: EventStore;
  beforeAll(async () => {
    sql = await backend.open();
    store = postgresEventStore(sql, { pollIntervalMs: 2, batchSize: 400 });
  });
  afterAll(async () => {
    await sql.close();
  });

  it(
    `gives ${SUBSCRIBERS} subscribers ${TOTAL} events from ${WRITERS} concurrent writers exactly once, in one order`,
    async () => {
      const seen: string[][] = Array.from({ length: SUBSCRIBERS }, () => []);
      const subscriptions: Subscription[] = seen.map((ids) =>
        store.subscribeToAll({
          handler: async (event) => {
            ids.push(event.metadata.eventId);
          },
        }),
      );

      const written: string[] = [];
      const writer = async (writerIndex: number) => {
        for (let index = 0; index < TRANSACTIONS_PER_WRITER; index += 1) {
          const events = ticks(EVENTS_PER_TRANSACTION, index * EVENTS_PER_TRANSACTION);
          await sql.transaction(async (tx) => {
            await appendEvents(tx, `gap-${(writerIndex + index) % 5}`, events, 'any');
            await sleep(Math.random() * 4);
          });
          written.push(...events.map((event) => event.metadata.eventId));
        }
      };
      await Promise.all(Array.from({ length: WRITERS }, (_, writerIndex) => writer(writerIndex)));

      const deadline = Date.now() + scaled(45_000);
      while (seen.some((ids) => ids.length < TOTAL) && Date.now() < deadline) await sleep(10);
      await sleep(50); // anything delivered twice would arrive now
      await Promise.all(subscriptions.map((subscription) => subscription.stop()));

      const finalOrder = (await store.readAll({ maxCount: TOTAL + 1 })).map((event) => event.metadata.eventId);
      expect(finalOrder).toHaveLength(TOTAL);
      expect(new Set(finalOrder)).toEqual(new Set(written));
      for (const ids of seen) {
        expect(ids.length).toBe(TOTAL);
        expect(new Set(ids).size).toBe(TOTAL);
        expect(ids).toEqual(finalOrder);
      }
    },
    scaled(60_000),
  );
});
