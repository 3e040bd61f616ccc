import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type JSONType,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  EMPTY_STREAM_REVISION,
  WrongExpectedRevisionError,
  comparePositions,
  type DomainEvent,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type RecordedEvent,
} from './eventstore.js';
import { inPartition } from './partitions.js';

type StoredEvent = NonNullable<ResolvedEvent['event']> | NonNullable<AllStreamResolvedEvent['event']>;

function isSystemEvent(event: StoredEvent): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

function toRecorded<E extends DomainEvent>(event: StoredEvent): RecordedEvent<E> {
  return {
    type: event.type,
    data: event.data,
    metadata: event.metadata as unknown as EventMetadata,
    streamName: event.streamId,
    revision: event.revision,
    position: event.position ?? { commit: 0n, prepare: 0n },
  } as RecordedEvent<E>;
}

function toExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  const revision = BigInt(expected);
  return revision === EMPTY_STREAM_REVISION ? NO_STREAM : revision;
}

/**
 * KurrentDB/EventStoreDB (`esdb://host:2113?tls=false`). Revisions are the server's own (first
 * event 0n). System events (`$`-prefixed) never reach readers. Subscription events are handled
 * one at a time with `for await`, so a slow handler applies back-pressure instead of piling up.
 */
export function kurrentEventStore(connectionString: string): EventStore {
  const client = EventStoreDBClient.connectionString(connectionString);

  // A partition is filtered here, from the whole log: a KurrentDB deployment that needs the split
  // server-side uses a persistent subscription's consumer group instead (docs/scaling.md).
  async function readAll({ after, maxCount = 1_000, partition }: ReadAllOptions = {}) {
    const events: RecordedEvent[] = [];
    // fromPosition is inclusive when reading: the event at `after` itself is skipped below.
    for await (const resolved of client.readAll({ direction: FORWARDS, fromPosition: after ?? START })) {
      const event = resolved.event;
      if (!event || isSystemEvent(event)) continue;
      const recorded = toRecorded(event);
      if (after && comparePositions(recorded.position, after) <= 0) continue;
      if (!inPartition(recorded.streamName, partition)) continue;
      events.push(recorded);
      if (events.length >= maxCount) break;
    }
    return events;
  }

  return {
    kind: 'kurrentdb',
    async append(streamName, events, expectedRevision) {
      if (events.length === 0) throw new Error('append needs at least one event');
      const data = events.map((event) =>
        jsonEvent({
          id: event.metadata.eventId,
          type: event.type,
          data: event.data as JSONType,
          metadata: event.metadata as unknown as JSONType,
        }),
      );
      try {
        const result = await client.appendToStream(streamName, data, {
          expectedRevision: toExpected(expectedRevision),
        });
        return {
          nextExpectedRevision: result.nextExpectedRevision,
          position: result.position ?? { commit: 0n, prepare: 0n },
        };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          const actual = error.actualVersion === NO_STREAM ? 'no_stream' : BigInt(error.actualVersion);
          throw new WrongExpectedRevisionError(streamName, expectedRevision, actual);
        }
        throw error;
      }
    },
    async readStream<E extends DomainEvent>(
      streamName: string,
      { fromRevision = 0n, maxCount }: { fromRevision?: bigint | number; maxCount?: number } = {},
    ) {
      const events: RecordedEvent<E>[] = [];
      try {
        const read = client.readStream(streamName, {
          direction: FORWARDS,
          fromRevision: BigInt(fromRevision),
          ...(maxCount !== undefined && { maxCount }),
        });
        for await (const resolved of read) {
          if (resolved.event) events.push(toRecorded<E>(resolved.event));
        }
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
      return events;
    },
    readAll,
    async headPosition() {
      for await (const resolved of client.readAll({ direction: BACKWARDS, fromPosition: END })) {
        const event = resolved.event;
        if (event && !isSystemEvent(event)) return toRecorded(event).position;
      }
      return undefined;
    },
    subscribeToAll({ after, handler, onCaughtUp, partition }) {
      const subscription = client.subscribeToAll({ fromPosition: after ?? START, filter: excludeSystemEvents() });
      if (onCaughtUp) subscription.on('caughtUp', onCaughtUp);
      let stopped = false;
      const done = (async () => {
        try {
          for await (const resolved of subscription) {
            if (stopped) break;
            if (!resolved.event || isSystemEvent(resolved.event)) continue;
            const recorded = toRecorded(resolved.event);
            if (inPartition(recorded.streamName, partition)) await handler(recorded);
          }
        } finally {
          await subscription.unsubscribe().catch(() => {});
        }
      })();
      return {
        done,
        async stop() {
          stopped = true;
          await subscription.unsubscribe().catch(() => {});
          await done.catch(() => {});
        },
      };
    },
    close: () => client.dispose(),
  };
}
