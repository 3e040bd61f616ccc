import {
  comparePositions,
  type EventStore,
  type Position,
  type RecordedEvent,
  type Subscription,
} from '../eventstore/eventstore.js';
import type { Logger } from '../logging/logger.js';
import type { SqlClient } from '../storage/sql.js';
import { ensureCheckpoint, lockCheckpoint, readCheckpoint, saveCheckpoint } from './checkpoints.js';
import type { Projection } from './projection.js';

export interface ProjectionRunnerOptions {
  sql: SqlClient;
  eventStore: EventStore;
  projections: readonly Projection[];
  logger?: Logger;
  /** Events applied per transaction at most (catch-up speed). */
  batchSize?: number;
  /** A delivered event waits at most this long before its batch is committed. */
  flushAfterMs?: number;
  /** After a failure, the projection restarts from its checkpoint after this long. */
  retryDelayMs?: number;
}

export interface ProjectionStatus {
  name: string;
  checkpoint: Position | undefined;
  head: Position | undefined;
  caughtUp: boolean;
  lastError: string | undefined;
}

export interface ProjectionRunner {
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Empties the projection's read model and replays every event into it. Run it where no other
   * instance runs this projection: a live one would move the reset checkpoint past events the
   * replay has not reached yet, and the replay would skip them.
   */
  rebuild(name: string): Promise<void>;
  status(): Promise<ProjectionStatus[]>;
}

/**
 * Feeds one projection from a subscription. Delivered events are buffered and committed in
 * batches; each batch is one transaction that locks the checkpoint row, skips events at or
 * before it (redelivery, or another instance got there first), applies the rest and moves the
 * checkpoint. So a crash loses nothing (the checkpoint did not move) and doubles nothing.
 */
class ProjectionWorker {
  #subscription: Subscription | undefined;
  #buffer: RecordedEvent[] = [];
  #committing: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  #retry: NodeJS.Timeout | undefined;
  #running = false;
  lastError: string | undefined;

  constructor(
    readonly projection: Projection,
    private readonly options: Required<Pick<ProjectionRunnerOptions, 'batchSize' | 'flushAfterMs' | 'retryDelayMs'>> &
      ProjectionRunnerOptions,
  ) {}

  async start(): Promise<void> {
    const { sql, eventStore } = this.options;
    this.#running = true;
    this.#buffer = [];
    this.#committing = Promise.resolve();
    await ensureCheckpoint(sql, this.projection.name);
    const after = await readCheckpoint(sql, this.projection.name);
    const subscription = eventStore.subscribeToAll({
      ...(after && { after }),
      handler: (event) => this.#deliver(event),
      onCaughtUp: () => void this.#flush().catch((error: unknown) => this.#fail(error)),
    });
    this.#subscription = subscription;
    subscription.done.catch((error: unknown) => this.#fail(error));
  }

  async stop(): Promise<void> {
    this.#running = false;
    clearTimeout(this.#retry);
    clearTimeout(this.#timer);
    await this.#subscription?.stop();
    this.#subscription = undefined;
    // Events already delivered are committed: stopping is a clean cut, not a lost batch.
    await this.#flush().catch((error: unknown) => {
      this.lastError = errorMessage(error);
    });
  }

  async #deliver(event: RecordedEvent): Promise<void> {
    this.#buffer.push(event);
    if (this.#buffer.length >= this.options.batchSize) {
      await this.#flush();
    } else {
      this.#timer ??= setTimeout(
        () => void this.#flush().catch((error: unknown) => this.#fail(error)),
        this.options.flushAfterMs,
      );
    }
  }

  #flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const events = this.#buffer;
    this.#buffer = [];
    if (events.length > 0) this.#committing = this.#committing.then(() => this.#commit(events));
    return this.#committing;
  }

  async #commit(events: readonly RecordedEvent[]): Promise<void> {
    const { name, eventTypes, apply } = this.projection;
    await this.options.sql.transaction(async (tx) => {
      const checkpoint = await lockCheckpoint(tx, name);
      let last = checkpoint;
      for (const event of events) {
        if (last && comparePositions(event.position, last) <= 0) continue;
        if (!eventTypes || eventTypes.includes(event.type)) await apply.call(this.projection, tx, event);
        last = event.position;
      }
      if (last !== checkpoint) await saveCheckpoint(tx, name, last);
    });
    this.lastError = undefined;
  }

  /** Stops, then starts again from the stored checkpoint after a pause; nothing is skipped. */
  #fail(error: unknown): void {
    if (!this.#running) return;
    this.lastError = errorMessage(error);
    this.options.logger?.error(
      { projection: this.projection.name, err: error },
      'projection failed; restarting from its checkpoint',
    );
    this.#running = false;
    const subscription = this.#subscription;
    this.#subscription = undefined;
    clearTimeout(this.#timer);
    this.#buffer = [];
    void (async () => {
      await subscription?.stop();
      await this.#committing.catch(() => {});
      this.#retry = setTimeout(() => {
        this.start().catch((restartError: unknown) => this.#fail(restartError));
      }, this.options.retryDelayMs);
    })();
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function projectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const settings = { batchSize: 500, flushAfterMs: 20, retryDelayMs: 1_000, ...options };
  const names = options.projections.map((projection) => projection.name);
  if (new Set(names).size !== names.length) throw new Error('Projection names must be unique');
  const workers = new Map(
    options.projections.map((projection) => [projection.name, new ProjectionWorker(projection, settings)]),
  );

  return {
    async start() {
      for (const worker of workers.values()) await worker.start();
    },
    async stop() {
      await Promise.all([...workers.values()].map((worker) => worker.stop()));
    },
    async rebuild(name) {
      const worker = workers.get(name);
      if (!worker) throw new Error(`No projection named ${name}`);
      await worker.stop();
      await options.sql.transaction(async (tx) => {
        await ensureCheckpoint(tx, name);
        await lockCheckpoint(tx, name);
        await worker.projection.reset(tx);
        await saveCheckpoint(tx, name, undefined);
      });
      await worker.start();
    },
    async status() {
      const head = await options.eventStore.headPosition();
      return Promise.all(
        [...workers.values()].map(async (worker) => {
          const checkpoint = await readCheckpoint(options.sql, worker.projection.name);
          const caughtUp = !head || (checkpoint !== undefined && comparePositions(checkpoint, head) >= 0);
          return { name: worker.projection.name, checkpoint, head, caughtUp, lastError: worker.lastError };
        }),
      );
    },
  };
}
