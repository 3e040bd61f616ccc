import { LRUCache } from 'lru-cache';
import type { SqlClient, SqlExecutor } from '../storage/sql.js';
import {
  EMPTY_STREAM_REVISION,
  WrongExpectedRevisionError,
  type AppendOutbox,
  type AppendResult,
  type DomainEvent,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
} from './eventstore.js';
import { inPartition, isWhole, partitionSql, type Partition } from './partitions.js';
import { pollingSubscription } from './polling-subscription.js';

/*
 * Why the global order is gap-free.
 *
 * `global_position` comes from a sequence, so it is handed out when a row is inserted, not when
 * its transaction commits: writer A can take position 10, writer B position 11, and B commit
 * first. A reader that saw 11 and moved its checkpoint past it would never see 10.
 *
 * So each event also stores the id of the transaction that wrote it (`pg_current_xact_id()`), and
 * readers order and checkpoint by (transaction_id, global_position), reading only events whose
 * transaction id is below `pg_snapshot_xmin(pg_current_snapshot())`: the oldest transaction still
 * running when the read began. Every transaction with a smaller id has finished, committed or
 * rolled back, and any transaction that starts later gets a larger id, so no event can ever
 * appear below that line after it has been read: the order a reader sees is final and the same
 * for every reader. The price: events become visible only once every older writing transaction
 * has ended, so one long-running writing transaction anywhere on the server (any database:
 * transaction ids are server-wide) delays subscribers, never loses events for them. Keep
 * transactions short: never hold one open across a network call. xid8 is 64 bits and never wraps.
 */

const SELECT_EVENT = `SELECT transaction_id::text AS commit, global_position::text AS prepare, stream_name,
  stream_revision::text AS revision, event_type, data, metadata FROM es_events`;

interface EventRow {
  commit: string;
  prepare: string;
  stream_name: string;
  revision: string;
  event_type: string;
  data: unknown;
  metadata: EventMetadata;
}

function toRecorded<E extends DomainEvent>(row: EventRow): RecordedEvent<E> {
  return {
    type: row.event_type,
    data: row.data,
    metadata: row.metadata,
    streamName: row.stream_name,
    revision: BigInt(row.revision),
    position: { commit: BigInt(row.commit), prepare: BigInt(row.prepare) },
  } as RecordedEvent<E>;
}

async function currentRevision(tx: SqlExecutor, streamName: string): Promise<bigint | 'no_stream'> {
  const { rows } = await tx.query<{ revision: string }>(
    'SELECT revision::text AS revision FROM es_streams WHERE stream_name = $1',
    [streamName],
  );
  return rows[0] ? BigInt(rows[0].revision) : 'no_stream';
}

/**
 * Where appends announce their commits to other processes (LISTEN/NOTIFY): PostgreSQL delivers a
 * NOTIFY only when its transaction commits, and never for one that rolls back. The payload is
 * `<commit>/<prepare>/<schema>/<stream>`, the position of the last event written, the schema the
 * store lives in (a channel is per database, and several stores may share one in separate schemas)
 * and the stream written, for those waiting on one stream only (onAppended).
 */
export const EVENTS_CHANNEL = 'contrail_events';

const NOTIFY_COLUMN = `,
       CASE WHEN EXISTS (SELECT FROM inserted) THEN pg_notify('${EVENTS_CHANNEL}',
         pg_current_xact_id()::text || '/' || (SELECT max(global_position) FROM inserted)::text || '/' || current_schema() || '/' || $1)
       END AS notified`;

function parseAnnouncement(
  payload: string,
  schema: string,
): { position: Position; streamName: string } | 'elsewhere' | undefined {
  const match = /^(\d+)\/(\d+)\/([^/]*)\/(.*)$/s.exec(payload);
  if (!match) return undefined;
  if (match[3] !== schema) return 'elsewhere';
  return { position: { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) }, streamName: match[4]! };
}

/**
 * Events a commit of this process wrote, handed to the subscriptions it wakes so they need not
 * read them back: `preceding` is the event just before them in the global order (undefined: none),
 * so a subscription whose checkpoint is exactly there takes them as the next page.
 */
export interface Handoff {
  preceding: Position | undefined;
  events: RecordedEvent[];
}

/** Told of each commit: the position of its last event, its events when handed over, the stream it wrote. */
type CommitListener = (committed?: Position, handoff?: Handoff, streamName?: string) => void;

/** Wakes the subscriptions of every store on one SqlClient when any of them appends. */
const commitListeners = new WeakMap<SqlClient, Set<CommitListener>>();

/**
 * The streams this process appended to on the embedded database, as recorded, per client: it is
 * the only writer there (PGlite is one process's, and appends go through the store), so a stream
 * it wrote from its start is known without reading it back. A booking reads its streams several
 * times (the payment's claim, the order job, the confirmation) right after writing them. Events
 * are append-only and their personal data stays encrypted (erasure deletes keys, not events).
 */
const STREAMS_KEPT = 1_000;
const appendedStreams = new WeakMap<SqlClient, LRUCache<string, RecordedEvent[]>>();

function streamsOf(sql: SqlClient): LRUCache<string, RecordedEvent[]> {
  let streams = appendedStreams.get(sql);
  if (!streams) appendedStreams.set(sql, (streams = new LRUCache({ max: STREAMS_KEPT })));
  return streams;
}

/** Keeps what an append wrote onto the stream as known; forgets the stream when that is not exact. */
function remember(
  streams: LRUCache<string, RecordedEvent[]>,
  streamName: string,
  expected: ExpectedRevision,
  handoff: Handoff | undefined,
): void {
  const written = handoff?.events;
  const known = expected === 'no_stream' ? [] : streams.get(streamName);
  const next = written?.[0]?.revision;
  const last = known?.length ? known[known.length - 1]!.revision : EMPTY_STREAM_REVISION;
  if (written && known && next === last + 1n) streams.set(streamName, [...known, ...written]);
  else streams.delete(streamName);
}

/**
 * A value as it reads back from a jsonb column: undefined members dropped (JSON), and object keys
 * in jsonb's order (shorter first, then by their UTF-8 bytes), so handed-off events are the same,
 * key order included, as the events a subscription would have read.
 */
function asJsonb(value: unknown): unknown {
  return reorder(JSON.parse(JSON.stringify(value)) as unknown);
}

function jsonbKeyOrder(a: string, b: string): number {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length - y.length || Buffer.compare(x, y);
}

function reorder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reorder);
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(object)
      .sort(jsonbKeyOrder)
      .map((key) => [key, reorder(object[key])]),
  );
}

/**
 * The statement that moves the stream's revision forward by $2 events if the expected revision
 * holds, returning the new revision; no row when it does not hold.
 */
function claimRevisions(expected: ExpectedRevision): { sql: string; params: string[] } {
  if (expected === 'any') {
    return {
      sql: `INSERT INTO es_streams (stream_name, revision) VALUES ($1, $2::int8 - 1)
            ON CONFLICT (stream_name) DO UPDATE SET revision = es_streams.revision + $2::int8 RETURNING revision`,
      params: [],
    };
  }
  const exact = expected === 'no_stream' ? EMPTY_STREAM_REVISION : BigInt(expected);
  if (exact === EMPTY_STREAM_REVISION) {
    // A racing creator makes this wait for its commit, then do nothing: exactly one wins.
    return {
      sql: `INSERT INTO es_streams (stream_name, revision) VALUES ($1, $2::int8 - 1)
            ON CONFLICT (stream_name) DO NOTHING RETURNING revision`,
      params: [],
    };
  }
  // The row lock serialises racing appenders; the loser re-checks the revision after the winner commits.
  return {
    sql: `UPDATE es_streams SET revision = revision + $2::int8 WHERE stream_name = $1 AND revision = $4::int8 RETURNING revision`,
    params: [String(exact)],
  };
}

/**
 * Appends in one statement (so in one round trip, atomic on its own), or inside the caller's
 * transaction when given one, so a caller can write events and other rows together. Throws
 * WrongExpectedRevisionError and writes nothing when the expected revision does not hold.
 */
export async function appendEvents<E extends DomainEvent>(
  db: SqlExecutor,
  streamName: string,
  events: readonly NewEvent<E>[],
  expectedRevision: ExpectedRevision,
  options: { notify?: boolean } = {},
): Promise<AppendResult> {
  return (await appendReporting(db, streamName, events, expectedRevision, options)).result;
}

/**
 * The append, and with `handoff` the events as recorded and the event before them in the global
 * order. Only exact where no other transaction can write events meanwhile: on the embedded
 * database (one backend, so transactions run one at a time), called outside a transaction.
 */
async function appendReporting<E extends DomainEvent>(
  db: SqlExecutor,
  streamName: string,
  events: readonly NewEvent<E>[],
  expectedRevision: ExpectedRevision,
  {
    notify = false,
    handoff = false,
    outbox,
  }: { notify?: boolean; handoff?: boolean; outbox?: AppendOutbox | undefined },
): Promise<{ result: AppendResult; handoff?: Handoff }> {
  if (events.length === 0) throw new Error('append needs at least one event');
  const claim = claimRevisions(expectedRevision);
  const payload = JSON.stringify(
    events.map((event) => ({ type: event.type, data: event.data, metadata: event.metadata })),
  );
  // The events as they will be recorded, positions aside: known before the append when the revision is.
  const first =
    expectedRevision === 'any' ? undefined : (expectedRevision === 'no_stream' ? -1n : BigInt(expectedRevision)) + 1n;
  const recorded = handoff && first !== undefined ? asRecorded(streamName, events, first) : undefined;
  const also = recorded && outbox ? outboxRows(outbox, recorded) : undefined;
  const params = [streamName, String(events.length), payload, ...claim.params];
  const alsoSql = also ? `, outbox AS (${also.statement(`$${params.push(JSON.stringify(also.rows))}`)})` : '';
  const { rows } = await db.query<{
    revision: string | null;
    prepare: string | null;
    commit: string;
    positions?: string[] | null;
    preceding?: string | null;
  }>(
    `WITH claim AS (${claim.sql}),
     inserted AS (
       INSERT INTO es_events (stream_name, stream_revision, event_id, event_type, data, metadata)
       SELECT $1, claim.revision - $2::int8 + e.ord, (e.value->'metadata'->>'eventId')::uuid, e.value->>'type', e.value->'data', e.value->'metadata'
       FROM claim CROSS JOIN jsonb_array_elements($3::jsonb) WITH ORDINALITY AS e(value, ord) ORDER BY e.ord
       RETURNING global_position, stream_revision)${alsoSql}
     SELECT (SELECT revision::text FROM claim) AS revision, (SELECT max(global_position)::text FROM inserted) AS prepare,
       pg_current_xact_id()::text AS commit${notify ? NOTIFY_COLUMN : ''}${handoff ? HANDOFF_COLUMNS : ''}`,
    params,
  );
  const row = rows[0]!;
  if (row.revision === null || row.prepare === null) {
    throw new WrongExpectedRevisionError(streamName, expectedRevision, await currentRevision(db, streamName));
  }
  const commit = BigInt(row.commit);
  const revision = BigInt(row.revision);
  const result = { nextExpectedRevision: revision, position: { commit, prepare: BigInt(row.prepare) } };
  if (!handoff || !row.positions || row.positions.length !== events.length) return { result };
  const base = revision - BigInt(events.length - 1);
  const handed = (recorded ?? asRecorded(streamName, events, base)).map((event, index) =>
    Object.assign(event, { position: { commit, prepare: BigInt(row.positions![index]!) } }),
  );
  if (also) outbox!.written(handed);
  const preceding = row.preceding ? parsePosition(row.preceding) : undefined;
  return { result, handoff: { preceding, events: handed } };
}

/** The events as a read gives them back, from revision `first` on; their positions are added once known. */
function asRecorded<E extends DomainEvent>(
  streamName: string,
  events: readonly NewEvent<E>[],
  first: bigint,
): RecordedEvent[] {
  return events.map(
    (event, index) =>
      ({
        type: event.type,
        data: asJsonb(event.data),
        metadata: asJsonb(event.metadata) as EventMetadata,
        streamName,
        revision: first + BigInt(index),
      }) as RecordedEvent,
  );
}

/** The outbox's rows for these events; none when it cannot make them (its own caller then does that work). */
function outboxRows(outbox: AppendOutbox, recorded: readonly RecordedEvent[]) {
  try {
    return outbox.rowsFor(recorded);
  } catch {
    return undefined;
  }
}

/**
 * The positions of the events written (in revision order) and of the last event before them: the
 * main query's snapshot does not see the rows its own CTE inserts.
 */
const HANDOFF_COLUMNS = `,
       (SELECT array_agg(global_position::text ORDER BY stream_revision) FROM inserted) AS positions,
       (SELECT transaction_id::text || '/' || global_position::text FROM es_events
        ORDER BY transaction_id DESC, global_position DESC LIMIT 1) AS preceding`;

function parsePosition(text: string): Position {
  const [commit, prepare] = text.split('/');
  return { commit: BigInt(commit!), prepare: BigInt(prepare!) };
}

export interface PostgresEventStoreOptions {
  /**
   * The fallback: how often a caught-up subscription looks for new events. Appends in this process
   * wake it at once, and on a PostgreSQL server so do other processes' appends (LISTEN/NOTIFY).
   */
  pollIntervalMs?: number;
  /** Events per page when reading the global order. */
  batchSize?: number;
}

/**
 * The longest pause between looks for an announced event that an open transaction elsewhere holds
 * back: it is known to exist, so it is not left to the fallback poll, however far apart that is.
 */
const MAX_HELD_BACK_RETRY_MS = 500;

/** The PostgreSQL event store on any SqlClient: `pg` against a server or embedded PGlite. */
export function postgresEventStore(sql: SqlClient, options: PostgresEventStoreOptions = {}): EventStore {
  const pollIntervalMs = options.pollIntervalMs ?? 2_000;
  const batchSize = options.batchSize ?? 500;
  const wakeListeners = commitListeners.get(sql) ?? new Set<CommitListener>();
  commitListeners.set(sql, wakeListeners);
  const wakeAll = (committed?: Position, handoff?: Handoff, streamName?: string) => {
    for (const wake of wakeListeners) wake(committed, handoff, streamName);
  };
  /** This store's subscriptions: its fallback poll wakes them together. */
  const ownListeners = new Set<CommitListener>();
  /**
   * On the embedded database transactions run one at a time, so an append knows exactly which
   * event precedes its own: its events are handed to this process's subscriptions instead of
   * being read back. A PostgreSQL server has concurrent writers, so there they are read.
   */
  const handoff = sql.kind === 'pglite';
  const streams = handoff ? streamsOf(sql) : undefined;
  let outbox: AppendOutbox | undefined;
  let fallbackPoll: NodeJS.Timeout | undefined;
  const notify = sql.listen !== undefined;
  /** Other processes' commits, heard while at least one subscription runs or one onAppended listens. */
  let listener: { close(): Promise<void> } | undefined;
  const appendListeners = new Set<(streamName: string) => void>();
  function listenWhileNeeded(): void {
    if (!sql.listen) return;
    if (ownListeners.size + appendListeners.size === 0) {
      void listener?.close();
      listener = undefined;
    } else {
      listener ??= startListening(sql.listen.bind(sql));
    }
  }

  function startListening(listen: NonNullable<SqlClient['listen']>): { close(): Promise<void> } {
    let schema: string | undefined;
    const found = sql
      .query<{ schema: string }>('SELECT current_schema() AS schema')
      .then(({ rows }) => (schema = rows[0]?.schema))
      .catch(() => undefined);
    const listening = listen(EVENTS_CHANNEL, {
      onNotification(payload) {
        const announced = schema === undefined ? undefined : parseAnnouncement(payload, schema);
        if (announced === 'elsewhere') return;
        wakeAll(announced?.position, undefined, announced?.streamName);
        if (announced) for (const hear of appendListeners) hear(announced.streamName);
      },
      // Commits made while the connection was down went unheard: look once.
      onConnected: () => wakeAll(),
    });
    return {
      async close() {
        await found;
        await listening.close();
      },
    };
  }

  /**
   * Reads of the same page while one is under way share it: subscriptions woken by the same append
   * (projections, saga) ask for the same page at once, and any answer is as good as another.
   */
  const pagesInFlight = new Map<string, Promise<RecordedEvent[]>>();
  function readAll({ after, maxCount = 1_000, partition }: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const split = isWhole(partition) ? '' : `/${partition!.index}/${partition!.count}`;
    const key = `${after?.commit ?? 0n}/${after?.prepare ?? 0n}/${maxCount}${split}`;
    let page = pagesInFlight.get(key);
    if (!page) {
      page = readPage(after, maxCount, partition).finally(() => pagesInFlight.delete(key));
      pagesInFlight.set(key, page);
    }
    return page;
  }

  async function readPage(
    after: Position | undefined,
    maxCount: number,
    partition: Partition | undefined,
  ): Promise<RecordedEvent[]> {
    const split = !isWhole(partition);
    const { rows } = await sql.query<EventRow>(
      `${SELECT_EVENT}
       WHERE (transaction_id, global_position) > ($1::text::xid8, $2::int8)
         AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         ${split ? `AND ${partitionSql('stream_name', '$5::int')} = $4::int` : ''}
       ORDER BY transaction_id, global_position LIMIT $3`,
      [
        String(after?.commit ?? 0n),
        String(after?.prepare ?? 0n),
        maxCount,
        ...(split ? [partition!.index, partition!.count] : []),
      ],
    );
    return rows.map((row) => toRecorded(row));
  }

  return {
    kind: sql.kind,
    async append(streamName, events, expectedRevision) {
      let appended;
      try {
        appended = await appendReporting(sql, streamName, events, expectedRevision, { notify, handoff, outbox });
      } catch (error) {
        streams?.delete(streamName);
        throw error;
      }
      if (streams) remember(streams, streamName, expectedRevision, appended.handoff);
      wakeAll(appended.result.position, appended.handoff, streamName);
      return appended.result;
    },
    async readStream<E extends DomainEvent>(
      streamName: string,
      { fromRevision = 0n, maxCount }: ReadStreamOptions = {},
    ) {
      const known = streams?.get(streamName);
      if (known) {
        const from = known.filter((event) => event.revision >= fromRevision);
        return (maxCount === undefined ? from : from.slice(0, maxCount)) as RecordedEvent<E>[];
      }
      const { rows } = await sql.query<EventRow>(
        `${SELECT_EVENT} WHERE stream_name = $1 AND stream_revision >= $2::int8 ORDER BY stream_revision LIMIT $3`,
        [streamName, String(fromRevision), maxCount ?? null],
      );
      return rows.map((row) => toRecorded<E>(row));
    },
    readAll,
    ...(sql.listen && {
      onAppended(hear: (streamName: string) => void) {
        appendListeners.add(hear);
        listenWhileNeeded();
        return () => {
          appendListeners.delete(hear);
          listenWhileNeeded();
        };
      },
    }),
    ...(handoff && {
      attachOutbox(attached: AppendOutbox) {
        if (attached.sql !== sql) return () => {};
        outbox = attached;
        return () => {
          if (outbox === attached) outbox = undefined;
        };
      },
    }),
    async headPosition(): Promise<Position | undefined> {
      const { rows } = await sql.query<{ commit: string; prepare: string }>(
        `SELECT transaction_id::text AS commit, global_position::text AS prepare FROM es_events
         WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
      );
      const row = rows[0];
      return row && { commit: BigInt(row.commit), prepare: BigInt(row.prepare) };
    },
    subscribeToAll(subscribe) {
      const { partition } = subscribe;
      return pollingSubscription(
        {
          readAll: (options) => readAll({ ...options, ...(partition && { partition }) }),
          maxRetryMs: Math.min(pollIntervalMs, MAX_HELD_BACK_RETRY_MS),
          batchSize,
          onWake(wakeEvery) {
            // A partition's subscription hears only its own streams' commits, and reads them back:
            // another partition's commit is no event for it, not even one held back.
            const wake: CommitListener = isWhole(partition)
              ? wakeEvery
              : (committed, _handoff, streamName) => {
                  if (streamName === undefined) wakeEvery();
                  else if (inPartition(streamName, partition)) wakeEvery(committed);
                };
            wakeListeners.add(wake);
            ownListeners.add(wake);
            listenWhileNeeded();
            fallbackPoll ??= setInterval(() => {
              for (const own of ownListeners) own();
            }, pollIntervalMs);
            return () => {
              wakeListeners.delete(wake);
              ownListeners.delete(wake);
              if (ownListeners.size > 0) return;
              clearInterval(fallbackPoll);
              fallbackPoll = undefined;
              listenWhileNeeded();
            };
          },
        },
        subscribe,
      );
    },
    // The SqlClient belongs to the runtime, which closes it (and any listener with it).
    async close() {
      clearInterval(fallbackPoll);
      fallbackPoll = undefined;
      await listener?.close();
      listener = undefined;
    },
  };
}
