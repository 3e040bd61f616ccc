import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStoreBackend, OpenedEventStore, UnavailableBackend } from './eventstore.js';
import {
  WrongExpectedRevisionError,
  comparePositions,
  type EventStore,
  type NewEvent,
  type Position,
  type RecordedEvent,
} from '../eventstore/eventstore.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

type Tick = { type: 'Ticked'; data: { n: number } } | { type: 'Tocked'; data: { n: number; note: string } };

export function ticks(count: number, from = 0): NewEvent<Tick>[] {
  return Array.from({ length: count }, (_, index) => ({
    type: 'Ticked' as const,
    data: { n: from + index },
    metadata: {
      eventId: randomUUID(),
      correlationId: 'corr-1',
      causationId: null,
      actor: 'test',
      brand: 'default',
      timestamp: '2026-11-22T12:00:00.000Z',
    },
  }));
}

/** Fails with the thrown error's details so a wrong class or wrong `actual` is visible. */
async function conflictOf(promise: Promise<unknown>): Promise<WrongExpectedRevisionError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  return error as WrongExpectedRevisionError;
}

function waitFor(condition: () => boolean, timeoutMs = 45_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = () => {
      if (condition()) resolve();
      else if (Date.now() - started > scaled(timeoutMs)) reject(new Error('timed out waiting'));
      else setTimeout(check, 5);
    };
    check();
  });
}

/** The behaviour every EventStore adapter must show (the port's documentation in tests). Stream names are unique per run. */
export function eventStoreConformance(backend: EventStoreBackend | UnavailableBackend): void {
  const unavailable = 'unavailable' in backend ? backend.unavailable : undefined;
  const title = `event store conformance on ${backend.name}${unavailable ? ` (skipped: ${unavailable})` : ''}`;
  // Generous timeouts: on a busy shared server, other transactions can hold visibility back for a while.
  describe.skipIf(unavailable !== undefined)(title, { timeout: scaled(60_000) }, () => {
    let opened: OpenedEventStore;
    let store: EventStore;
    const stream = (label: string) => `${label}-${randomUUID()}`;

    // A KurrentDB container may need its image pulled first.
    beforeAll(async () => {
      opened = await (backend as EventStoreBackend).open();
      store = opened.store;
    }, scaled(300_000));
    afterAll(async () => {
      await opened?.close();
    });

    it('numbers a new stream from revision 0 and reads it back whole', async () => {
      const name = stream('booking');
      const events = ticks(3);
      const result = await store.append(name, events, 'no_stream');
      expect(result.nextExpectedRevision).toBe(2n);

      const read = await store.readStream<Tick>(name);
      expect(read.map((event) => event.revision)).toEqual([0n, 1n, 2n]);
      expect(read.map((event) => event.data)).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
      expect(read[0]).toMatchObject({ type: 'Ticked', streamName: name, metadata: events[0]!.metadata });
      expect(comparePositions(read[2]!.position, result.position)).toBe(0);
    });

    it('reads a stream that does not exist as empty', async () => {
      expect(await store.readStream(stream('never'))).toEqual([]);
    });

    it('refuses no_stream on an existing stream and reports its revision', async () => {
      const name = stream('dup');
      await store.append(name, ticks(2), 'no_stream');
      const conflict = await conflictOf(store.append(name, ticks(1), 'no_stream'));
      expect(conflict.actual).toBe(1n);
      expect(conflict.streamName).toBe(name);
      expect(await store.readStream(name)).toHaveLength(2);
    });

    it('appends at the exact current revision and refuses a stale one', async () => {
      const name = stream('exact');
      const first = await store.append(name, ticks(1), 'no_stream');
      const second = await store.append(name, ticks(2, 1), first.nextExpectedRevision);
      expect(second.nextExpectedRevision).toBe(2n);
      await store.append(name, ticks(1, 3), 2); // a plain number works too
      const stale = await conflictOf(store.append(name, ticks(1), first.nextExpectedRevision));
      expect(stale.actual).toBe(3n);
      expect((await store.readStream<Tick>(name)).map((event) => event.data.n)).toEqual([0, 1, 2, 3]);
    });

    it('treats -1 as the empty stream and refuses an exact revision on a missing stream', async () => {
      const name = stream('minus-one');
      expect((await store.append(name, ticks(1), -1n)).nextExpectedRevision).toBe(0n);
      const missing = await conflictOf(store.append(stream('missing'), ticks(1), 0n));
      expect(missing.actual).toBe('no_stream');
    });

    it('appends with any whether or not the stream exists', async () => {
      const name = stream('any');
      expect((await store.append(name, ticks(2), 'any')).nextExpectedRevision).toBe(1n);
      expect((await store.append(name, ticks(1), 'any')).nextExpectedRevision).toBe(2n);
    });

    it('lets exactly one of two racing appends at the same revision win', async () => {
      const name = stream('race');
      const start = await store.append(name, ticks(1), 'no_stream');
      const results = await Promise.allSettled(
        Array.from({ length: 5 }, () => store.append(name, ticks(1), start.nextExpectedRevision)),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      for (const result of results) {
        if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(WrongExpectedRevisionError);
      }
      const fresh = stream('race-new');
      const creators = await Promise.allSettled(
        Array.from({ length: 5 }, () => store.append(fresh, ticks(1), 'no_stream')),
      );
      expect(creators.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      expect(await store.readStream(name)).toHaveLength(2);
      expect(await store.readStream(fresh)).toHaveLength(1);
    });

    it('refuses an empty append', async () => {
      await expect(store.append(stream('empty'), [], 'any')).rejects.toThrow(/at least one event/);
    });

    it('reads a stream from a revision and with a maximum count', async () => {
      const name = stream('paged');
      await store.append(name, ticks(10), 'no_stream');
      const page = await store.readStream<Tick>(name, { fromRevision: 4n, maxCount: 3 });
      expect(page.map((event) => event.revision)).toEqual([4n, 5n, 6n]);
      expect(await store.readStream(name, { fromRevision: 10 })).toEqual([]);
    });

    it(
      'reads all streams in one global order, strictly after a position, page by page',
      async () => {
        const start = await store.headPosition();
        const a = stream('all-a');
        const b = stream('all-b');
        await store.append(a, ticks(2, 0), 'no_stream');
        await store.append(b, ticks(2, 100), 'no_stream');
        await store.append(a, ticks(1, 2), 1n);
        // Other transactions on the same server (other test files, in parallel) may hold the
        // visibility horizon back for a moment: read again until our five events are visible.
        const mine = await eventually(
          async () =>
            (await readEverythingAfter(store, start, 2)).filter(
              (event) => event.streamName === a || event.streamName === b,
            ),
          (events) => events.length >= 5,
        );
        expect(mine.map((event) => [event.streamName, (event.data as { n: number }).n])).toEqual([
          [a, 0],
          [a, 1],
          [b, 100],
          [b, 101],
          [a, 2],
        ]);
        for (let index = 1; index < mine.length; index += 1) {
          expect(comparePositions(mine[index - 1]!.position, mine[index]!.position)).toBe(-1);
        }
        const head = await store.headPosition();
        expect(head && comparePositions(head, mine[4]!.position)).toBe(0);
        expect(await store.readAll({ after: head! })).toEqual([]);
      },
      scaled(60_000),
    );

    it('appends a large batch in one go, in order', async () => {
      const name = stream('large');
      const result = await store.append(name, ticks(2_500), 'no_stream');
      expect(result.nextExpectedRevision).toBe(2_499n);
      const read = await store.readStream<Tick>(name);
      expect(read).toHaveLength(2_500);
      expect(read.every((event, index) => event.revision === BigInt(index) && event.data.n === index)).toBe(true);
    });

    it('subscribes from a checkpoint: catches up, goes live, and resumes after the last handled event', async () => {
      const start = await store.headPosition();
      const name = stream('sub');
      await store.append(name, ticks(3), 'no_stream');

      const seen: RecordedEvent[] = [];
      let caughtUp = false;
      const subscription = store.subscribeToAll({
        ...(start && { after: start }),
        handler: async (event) => {
          if (event.streamName === name) seen.push(event);
        },
        onCaughtUp: () => {
          caughtUp = true;
        },
      });
      await waitFor(() => seen.length === 3 && caughtUp);
      await store.append(name, ticks(2, 3), 2n);
      await waitFor(() => seen.length === 5);
      await subscription.stop();
      await subscription.done;

      await store.append(name, ticks(2, 5), 4n);
      const resumed: RecordedEvent[] = [];
      const again = store.subscribeToAll({
        after: seen[4]!.position,
        handler: async (event) => {
          if (event.streamName === name) resumed.push(event);
        },
      });
      await waitFor(() => resumed.length === 2);
      await again.stop();
      expect(seen.map((event) => (event.data as { n: number }).n)).toEqual([0, 1, 2, 3, 4]);
      expect(resumed.map((event) => (event.data as { n: number }).n)).toEqual([5, 6]);
    });

    it('delivers events one at a time and ends the subscription when a handler throws', async () => {
      const start = await store.headPosition();
      const name = stream('throws');
      await store.append(name, ticks(5), 'no_stream');
      let running = 0;
      let maxRunning = 0;
      let handled = 0;
      const subscription = store.subscribeToAll({
        ...(start && { after: start }),
        handler: async (event) => {
          if (event.streamName !== name) return;
          running += 1;
          maxRunning = Math.max(maxRunning, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running -= 1;
          handled += 1;
          if (handled === 3) throw new Error('projection bug');
        },
      });
      await expect(subscription.done).rejects.toThrow('projection bug');
      expect(maxRunning).toBe(1);
      expect(handled).toBe(3);
      await subscription.stop();
    });
  });
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + scaled(timeoutMs);
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function readEverythingAfter(
  store: EventStore,
  start: Position | undefined,
  pageSize: number,
): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  let after = start;
  for (;;) {
    const page = await store.readAll({ ...(after && { after }), maxCount: pageSize });
    events.push(...page);
    if (page.length < pageSize) return events;
    after = page[page.length - 1]!.position;
  }
}
