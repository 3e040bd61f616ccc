import type { Clock } from '../../clock.js';
import type { EventStore, RecordedEvent, Subscription } from '../../eventstore/eventstore.js';
import type { JobQueue, JobRow } from '../../jobs/job-queue.js';
import type { Logger } from '../../logging/logger.js';
import { advanceCheckpoint, ensureCheckpointAt, readCheckpoint } from '../../projections/checkpoints.js';
import type { SqlClient } from '../../storage/sql.js';
import { withDeadline } from '../../calls/deadline.js';
import { backoffDelay } from '@contrail/shared/time/backoff';
import { retry } from '@contrail/shared/time/retry';
import { reactionsTo, type Reaction } from './reactions.js';
import { SagaCheckpoint } from './saga-checkpoint.js';
import { isWhole, partitionedName, type Partition } from '../../eventstore/partitions.js';

export interface SagaProcessorOptions {
  sql: SqlClient;
  eventStore: EventStore;
  jobs: JobQueue;
  clock: Clock;
  logger: Logger;
  /** The checkpoint's name (shared by every instance); split work adds its partition to it. */
  name?: string;
  /** Only this partition's streams (PARTITIONS), with a checkpoint of its own; default: all. */
  partition?: Partition;
  /** One enqueue waits at most this long (a queue that hangs must not hold the processor). */
  enqueueTimeoutMs?: number;
  /** Retry delays after a failed enqueue: first, then doubling up to the maximum. */
  retryMs?: { first: number; max: number };
}

export interface SagaProcessor {
  /**
   * Creates the shared checkpoint at the head of the store unless it exists, without following:
   * a process that takes requests but does not run the saga (no projector role) calls it, so that
   * the events it records before any projector started are queued once one does.
   */
  prepare(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** When the checkpoint is saved (saga-checkpoint.ts): every this many events of a catch-up, at most this often once caught up. */
const SAVE_EVERY = { events: 100, ms: 1_000 };

/**
 * The booking saga's processor: follows the event store from its checkpoint and queues the jobs
 * each event calls for (saga/reactions.ts), by job id, so queueing twice adds nothing. It runs in
 * one process of the deployment at a time, the holder of its lease among those with the projector
 * role (runtime/runtime.ts, leases/); the others only prepare the checkpoint. A stale owner and its
 * successor share the checkpoint, which only moves forward past events whose
 * jobs are queued, and is saved per batch, not per event (saga-checkpoint.ts): restarting from an
 * older one only queues again jobs that are queued already. A queue that is down is retried with
 * a growing delay, one log line per try, and loses nothing: the checkpoint waits.
 */
export function sagaProcessor(options: SagaProcessorOptions): SagaProcessor {
  const { partition } = options;
  const name = partitionedName(options.name ?? 'booking-saga', partition);
  const timeoutMs = options.enqueueTimeoutMs ?? 5_000;
  const { first, max } = options.retryMs ?? { first: 500, max: 30_000 };
  const backoff = { firstMs: first, maxMs: max };
  let subscription: Subscription | undefined;
  /** Aborted by stop(): ends a pause between enqueue tries at once. */
  let halt = new AbortController();
  const stopping = () => halt.signal.aborted;
  let restart: NodeJS.Timeout | undefined;
  let checkpoint: SagaCheckpoint | undefined;
  let detach: (() => void) | undefined;
  /** Events whose jobs their own append wrote (the outbox): handed over, they need no enqueue. */
  const queuedWithAppend = new WeakSet<RecordedEvent>();

  function delayOf(reaction: Reaction): number {
    return reaction.runAt ? Math.max(0, Date.parse(reaction.runAt) - options.clock.now().getTime()) : 0;
  }

  /**
   * Where the store can write rows with its events and the queue's jobs are rows of that same
   * database (the embedded default), each event's jobs are written by its append, in the same
   * statement: queued exactly when the event is recorded, with no enqueue after.
   */
  function attachOutbox(): void {
    const rows = options.jobs.rows;
    if (!rows || !options.eventStore.attachOutbox) return;
    const written = new WeakMap<RecordedEvent, JobRow[]>();
    detach = options.eventStore.attachOutbox({
      sql: rows.sql,
      rowsFor(events) {
        const jobs = events.flatMap((event) => {
          const made = reactionsTo(event).map((reaction) =>
            rows.row(reaction.queue, reaction.payload as never, {
              jobId: reaction.jobId,
              delayMs: delayOf(reaction),
            }),
          );
          written.set(event, made);
          return made;
        });
        return jobs.length === 0
          ? undefined
          : { statement: (param) => rows.insert(param, 'EXISTS (SELECT FROM inserted)'), rows: jobs };
      },
      written(events) {
        for (const event of events) queuedWithAppend.add(event);
        rows.written(events.flatMap((event) => written.get(event) ?? []));
      },
    });
  }

  async function enqueue(reaction: Reaction): Promise<void> {
    const delayMs = delayOf(reaction);
    const enqueueing = options.jobs.enqueue(reaction.queue, reaction.payload as never, {
      jobId: reaction.jobId,
      ...(delayMs > 0 && { delayMs }),
    });
    await withDeadline(enqueueing, timeoutMs, `queueing ${reaction.jobId}`);
  }

  /** Queues the event's jobs; true when it called for any. */
  async function react(event: RecordedEvent): Promise<boolean> {
    const reactions = reactionsTo(event);
    for (const reaction of reactions) {
      if (stopping()) break;
      await retry(() => enqueue(reaction), {
        ...backoff,
        signal: halt.signal,
        onRetry: ({ attempt, retryInMs, error }) =>
          options.logger.warn(
            { jobId: reaction.jobId, attempt, retryInMs, err: error },
            'the saga could not queue a job; retrying',
          ),
      }).catch((error: unknown) => {
        if (!stopping()) throw error;
      });
    }
    return reactions.length > 0;
  }

  const prepare = async () => ensureCheckpointAt(options.sql, name, await options.eventStore.headPosition());

  async function follow(): Promise<void> {
    await prepare();
    const after = await readCheckpoint(options.sql, name);
    const saved = new SagaCheckpoint({
      save: (position) => advanceCheckpoint(options.sql, name, position),
      everyEvents: SAVE_EVERY.events,
      afterMs: SAVE_EVERY.ms,
    });
    checkpoint = saved;
    subscription = options.eventStore.subscribeToAll({
      ...(after && { after }),
      ...(partition && { partition }),
      handler: async (event) => {
        const queued = queuedWithAppend.has(event) ? reactionsTo(event).length > 0 : await react(event);
        // Stopping may have cut the event's queueing short: it is not handled.
        if (!stopping()) await saved.handled(event.position, queued);
      },
      onCaughtUp: () => {
        if (!stopping()) saved.caughtUp();
      },
    });
    subscription.done.catch((error: unknown) => {
      saved.cancel();
      resume(error, 1);
    });
  }

  function resume(error: unknown, attempt: number): void {
    if (stopping()) return;
    const pause = backoffDelay(attempt, backoff);
    options.logger.error(
      { err: error, retryInMs: pause },
      'the saga processor stopped; restarting from its checkpoint',
    );
    restart = setTimeout(() => void follow().catch((again: unknown) => resume(again, attempt + 1)), pause);
  }

  return {
    prepare,
    async start() {
      halt = new AbortController();
      // The outbox queues every event's jobs: only for the whole store (the embedded database).
      if (isWhole(partition)) attachOutbox();
      await follow();
    },
    async stop() {
      halt.abort(new Error('the saga processor is stopping'));
      detach?.();
      detach = undefined;
      clearTimeout(restart);
      await subscription?.stop();
      await checkpoint
        ?.flush()
        .catch((error: unknown) =>
          options.logger.warn({ err: error }, 'the saga could not save its checkpoint on stopping'),
        );
    },
  };
}
