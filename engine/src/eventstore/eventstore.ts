import type { Partition } from './partitions.js';

/**
 * The event-store port: append with an expected revision, read a stream, read and subscribe to
 * the global order from a checkpoint. Adapters: PostgreSQL (`pg` and PGlite share one) and
 * KurrentDB/EventStoreDB. The conformance suite (`eventstore.conformance.ts`) pins the behaviour.
 *
 * Revisions follow KurrentDB: a stream's first event has revision 0n, so an empty stream is at -1n.
 */

/** Who, why and when: travels with every event. */
export interface EventMetadata {
  /** A UUID, unique per event. */
  eventId: string;
  /** The request or workflow this event belongs to. */
  correlationId: string;
  /** The command, job or event that directly caused this one; null for none. */
  causationId: string | null;
  /** Who acted: a user id, `admin:<name>`, `system`, `job:<queue>`, ... */
  actor: string;
  /** The brand the event happened under. */
  brand: string;
  /** ISO-8601 instant at which the event was decided. */
  timestamp: string;
  /**
   * The version of the event type's schema its data was written in (event-parser.ts upcasts older
   * ones on reading); absent on events stored before versions, which are version 1.
   */
  schemaVersion?: number;
}

export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/** An event to append. `E` may be a union of domain events; it stays discriminated by `type`. */
export type NewEvent<E extends DomainEvent = DomainEvent> = E & { metadata: EventMetadata };

/**
 * A place in the global order. On PostgreSQL `commit` is the writing transaction's id and
 * `prepare` the event's sequence number; on KurrentDB it is the log position. Compare with
 * `comparePositions`, never by hand.
 */
export interface Position {
  commit: bigint;
  prepare: bigint;
}

export type RecordedEvent<E extends DomainEvent = DomainEvent> = E & {
  metadata: EventMetadata;
  streamName: string;
  /** 0n for the stream's first event. */
  revision: bigint;
  position: Position;
};

/**
 * `no_stream`: the stream must not exist yet. `any`: no check. A number: the stream's current
 * revision must be exactly this (the revision of its last event; -1 for an empty stream).
 */
export type ExpectedRevision = 'no_stream' | 'any' | bigint | number;

export interface AppendResult {
  /** The revision of the last appended event: pass it as the next append's expected revision. */
  nextExpectedRevision: bigint;
  /** Position of the last appended event. */
  position: Position;
}

export interface ReadStreamOptions {
  /** First revision to read (inclusive); default 0. */
  fromRevision?: bigint | number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Read events strictly after this position; default: from the very start. */
  after?: Position;
  maxCount?: number;
  /** Only the events of this partition's streams (eventstore/partitions.ts); default: all. */
  partition?: Partition;
}

export interface SubscribeOptions {
  /** Deliver events strictly after this checkpoint; default: from the very start. */
  after?: Position;
  /**
   * Called once per event, sequentially, in global order: the next event waits until the
   * returned promise settles. If it throws, the subscription stops and `done` rejects.
   */
  handler(event: RecordedEvent): Promise<void>;
  /** Called each time the subscription has delivered everything stored so far. */
  onCaughtUp?(): void;
  /**
   * Only the events of this partition's streams, in the global order (eventstore/partitions.ts);
   * default: all.
   */
  partition?: Partition;
  /**
   * Where the store is read for new events (PostgreSQL): at the head, reads at least this far
   * apart, so that the commits of that time share one read and one batch; default 10 ms.
   */
  minReadGapMs?: number;
}

export interface Subscription {
  /** Stops delivering; resolves once the handler in progress (if any) has finished. */
  stop(): Promise<void>;
  /** Settles when the subscription ends: resolves after stop(), rejects with a handler or store error. */
  readonly done: Promise<void>;
}

export interface EventStore {
  readonly kind: 'postgres' | 'pglite' | 'kurrentdb';
  append<E extends DomainEvent>(
    streamName: string,
    events: readonly NewEvent<E>[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult>;
  /** Events of one stream, oldest first; a stream that does not exist reads as empty. */
  readStream<E extends DomainEvent = DomainEvent>(
    streamName: string,
    options?: ReadStreamOptions,
  ): Promise<RecordedEvent<E>[]>;
  /** The global order, oldest first; default page of 1,000 events. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Position of the newest event a subscriber can see now; undefined when the store is empty. */
  headPosition(): Promise<Position | undefined>;
  /** Catch-up from `after`, then live. */
  subscribeToAll(options: SubscribeOptions): Subscription;
  /**
   * Only on a PostgreSQL server: hears the stream of each committed append, this process's and
   * every other's (LISTEN/NOTIFY), for a wait on a few streams that need not follow the global
   * order. Best effort: what the connection missed while down goes unheard. Answers the function
   * that stops it.
   */
  onAppended?(hear: (streamName: string) => void): () => void;
  /**
   * Only where appends hand their events to this process's subscriptions (the PostgreSQL store on
   * the embedded database): rows to write in the same statement as the events they follow from
   * (a transactional outbox). Answers the function that detaches it.
   */
  attachOutbox?(outbox: AppendOutbox): () => void;
  close(): Promise<void>;
}

/** What an append writes beside its events, atomically with them. */
export interface AppendOutbox {
  /** The database the rows go to: only appends on that very client write them. */
  sql: unknown;
  /**
   * For the events about to be appended (as they will be recorded, with their revisions; their
   * positions are not known yet): a statement writing `rows` (given as the jsonb parameter
   * `param`) that writes nothing unless `inserted`, the events' insert, has rows; undefined when
   * there is nothing to write.
   */
  rowsFor(events: readonly RecordedEvent[]): { statement(param: string): string; rows: unknown } | undefined;
  /** Once committed: the same events as the subscriptions are handed them. */
  written(events: readonly RecordedEvent[]): void;
}

/** An append whose expected revision did not match: nothing was written. */
export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    /** The stream's actual revision; 'no_stream' when it does not exist. */
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${streamName}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** The revision a stream is at before any event: expected revisions and results use it. */
export const EMPTY_STREAM_REVISION = -1n;
