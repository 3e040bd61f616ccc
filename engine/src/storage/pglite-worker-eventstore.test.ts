import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subscription } from '../eventstore/eventstore.js';
import { appendEvents, postgresEventStore } from '../eventstore/postgres-eventstore.js';
import { eventStoreConformance, ticks } from '../test-support/eventstore-conformance.js';
import { openPgliteWorkerForTest, type PgliteWorkerDatabase } from '../test-support/pglite-worker.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

// The PostgreSQL event store on the embedded default's real storage: PGlite in its own thread.
describe('event store on PGlite in a worker thread', () => {
  eventStoreConformance({
    name: 'pglite',
    async open() {
      const sql = await openPgliteWorkerForTest();
      const store = postgresEventStore(sql, { pollIntervalMs: 10 });
      return { store, sql, close: () => store.close().then(() => sql.close()) };
    },
  });

  describe('with writers on several connections', () => {
    let sql: PgliteWorkerDatabase;
    beforeAll(async () => {
      sql = await openPgliteWorkerForTest();
    });
    afterAll(async () => {
      await sql?.close();
    });

    it(
      'gives a subscriber every event of concurrent transactions exactly once, in the final order',
      async () => {
        const store = postgresEventStore(sql, { pollIntervalMs: 2, batchSize: 50 });
        const seen: string[] = [];
        const subscription: Subscription = store.subscribeToAll({
          handler: async (event) => {
            seen.push(event.metadata.eventId);
          },
        });
        const writer = async (writerIndex: number) => {
          for (let index = 0; index < 10; index += 1) {
            await sql.transaction(async (tx) => {
              await appendEvents(tx, `writer-${writerIndex % 3}`, ticks(20, index * 20), 'any');
              await sleep(Math.random() * 4);
            });
          }
        };
        await Promise.all(Array.from({ length: 6 }, (_, writerIndex) => writer(writerIndex)));
        const total = 6 * 10 * 20;
        for (let waited = 0; seen.length < total && waited < 30_000; waited += 10) await sleep(10);
        await sleep(50); // anything delivered twice would arrive now
        await subscription.stop();
        const finalOrder = (await store.readAll({ maxCount: total + 1 })).map((event) => event.metadata.eventId);
        expect(finalOrder).toHaveLength(total);
        expect(seen).toEqual(finalOrder);
      },
      scaled(60_000),
    );
  });
});
