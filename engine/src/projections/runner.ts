import {
  comparePositions,
  type EventStore,
  type Position,
  type RecordedEvent,
  type Subscription,
} from '../eventstore/eventstore.js';
import type { Logger } from '../logging/logger.js';
import type { SqlClient } from '../storage/sql.js';
import {
  ensureCheckpoint,
  ensureCheckpoints,
  lockCheckpoint,
  moveCheckpoints,
  readCheckpoints,
  saveCheckpoint,
} from './checkpoints.js';
import type { Projection } from './projection.js';
import { isWhole, partitionedName, partitionsOf, type Partition } from '../eventstore/partitions.js';

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
  /** On a PostgreSQL server, a rebuild elsewhere (a reset checkpoint) is noticed within this long while idle. */
  resetCheckMs?: number;
  /**
   * Only this partition's streams (PARTITIONS), each projection with a checkpoint of its own per
   * partition (`name#index/count`); default: every stream, under the projection's name.
   */
  partition?: Partition;
  /** At the head, reads of new events at least this far apart (the store's default when unset). */
  minReadGapMs?: number;
}

export interface ProjectionStatus {
  /** The checkpoint's name: the projection's, with its partition when the work is split. */
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
 * Feeds every projection from one subscription. Delivered events are buffered and committed in
 * batches; each batch is one transaction that moves all the projections' checkpoints in one
 * statement (locking them), skips, per projection, the events at or before where its checkpoint
 * was (redelivery, or another instance got there first), and applies the rest. So a crash loses
 * nothing (no checkpoint moved) and doubles nothing. A batch that no projection wants moves the
 * checkpoints in one statement, with no transaction around it.
 */
class ProjectionFeed {
  #subscription: Subscription | undefined;
  #buffer: RecordedEvent[] = [];
  #committing: Promise<void> = Promise.resolve();
  #timer: NodeJS.Timeout | undefined;
  #retry: NodeJS.Timeout | undefined;
  #resetCheck: NodeJS.Timeout | undefined;
  #committedSinceCheck = false;
  #running = false;
  #started = false;
  readonly lastErrors = new Map<string, string>();
  /**
   * Per projection, what it keeps between batches and the checkpoint its last commit here left:
   * a batch whose checkpoint was anywhere else (another instance, a rebuild, a failed commit)
   * starts with nothing kept.
   */
  readonly #kept = new Map<string, { kept: Map<string, unknown>; committed: Position | undefined }>();

  constructor(
    readonly projections: readonly Projection[],
    private readonly options: Required<
      Pick<ProjectionRunnerOptions, 'batchSize' | 'flushAfterMs' | 'retryDelayMs' | 'resetCheckMs'>
    > &
      ProjectionRunnerOptions,
  ) {}

  /** Started here and not stopped (a failure's restart pending counts as running). */
  get running(): boolean {
    return this.#started;
  }

  /** The projections' checkpoint names, in order. */
  get names(): string[] {
    return this.projections.map((projection) => this.checkpointOf(projection));
  }

  checkpointOf(projection: Projection): string {
    return partitionedName(projection.name, this.options.partition);
  }

  async start(): Promise<void> {
    const { sql, eventStore } = this.options;
    if (this.projections.length === 0) return;
    this.#started = true;
    this.#running = true;
    this.#buffer = [];
    this.#committing = Promise.resolve();
    this.#kept.clear();
    await ensureCheckpoints(sql, this.names);
    const checkpoints = await readCheckpoints(sql, this.names);
    // From the projection furthest behind: the others skip what they already have.
    const after = this.names
      .map((name) => checkpoints.get(name))
      .reduce((earliest, checkpoint) =>
        !earliest || !checkpoint ? undefined : comparePositions(checkpoint, earliest) < 0 ? checkpoint : earliest,
      );
    const subscription = eventStore.subscribeToAll({
      ...(after && { after }),
      ...(this.options.partition && { partition: this.options.partition }),
      ...(this.options.minReadGapMs !== undefined && { minReadGapMs: this.options.minReadGapMs }),
      handler: (event) => this.#deliver(event),
    });
    this.#subscription = subscription;
    subscription.done.catch((error: unknown) => this.#fail(error));
    clearInterval(this.#resetCheck);
    // Only where other processes share the database: on the embedded one, rebuilds run here.
    if (sql.kind !== 'postgres') return;
    this.#resetCheck = setInterval(() => void this.#checkResets(), this.options.resetCheckMs);
    this.#resetCheck.unref();
  }

  /**
   * While idle, between commits (never during one, which moves the checkpoints): a reset elsewhere
   * restarts the feed. A commit finds a reset itself, so a busy runner sends nothing here.
   */
  #checkResets(): Promise<void> {
    this.#committing = this.#committing.then(async () => {
      const idle = !this.#committedSinceCheck;
      this.#committedSinceCheck = false;
      if (!this.#running || !idle) return;
      const stored = await readCheckpoints(this.options.sql, this.names).catch(() => undefined);
      const reset = stored ? this.#resetElsewhere(stored) : [];
      if (reset.length > 0) this.#fail(new CheckpointResetError(reset));
    });
    return this.#committing;
  }

  async stop(): Promise<void> {
    this.#started = false;
    this.#running = false;
    clearTimeout(this.#retry);
    clearTimeout(this.#timer);
    clearInterval(this.#resetCheck);
    await this.#subscription?.stop();
    this.#subscription = undefined;
    // Events already delivered are committed: stopping is a clean cut, not a lost batch.
    await this.#flush().catch(() => {});
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

  /** All projections in one transaction; if that fails, each alone, so one broken read model holds back only itself. */
  async #commit(events: readonly RecordedEvent[]): Promise<void> {
    try {
      await this.#commitTogether(this.projections, events);
      this.lastErrors.clear();
      return;
    } catch (error) {
      // A reset elsewhere: the restart replays from it (each projection alone would apply on top).
      if (error instanceof CheckpointResetError) throw error;
      if (this.projections.length === 1) {
        this.lastErrors.set(this.names[0]!, errorMessage(error));
        throw error;
      }
    }
    let failure: unknown;
    for (const projection of this.projections) {
      try {
        await this.#commitTogether([projection], events);
        this.lastErrors.delete(this.checkpointOf(projection));
      } catch (error) {
        this.lastErrors.set(this.checkpointOf(projection), errorMessage(error));
        failure ??= error;
      }
    }
    if (failure !== undefined) throw failure;
  }

  async #commitTogether(projections: readonly Projection[], events: readonly RecordedEvent[]): Promise<void> {
    const names = projections.map((projection) => this.checkpointOf(projection));
    const last = events.at(-1)!.position;
    const applying = projections.filter((projection) => events.some((event) => wants(projection, event)));
    if (applying.length === 0) {
      const moved = await moveCheckpoints(this.options.sql, names, last);
      const reset = this.#resetElsewhere(moved);
      // Put back what a rebuild elsewhere reset, for the restart to replay from.
      for (const name of reset) await saveCheckpoint(this.options.sql, name, moved.get(name));
      if (reset.length > 0) throw new CheckpointResetError(reset);
      this.#committed(names, moved, last);
      return;
    }
    try {
      const moved = await this.options.sql.transaction(async (tx) => {
        const moved = await moveCheckpoints(tx, names, last);
        const reset = this.#resetElsewhere(moved);
        if (reset.length > 0) throw new CheckpointResetError(reset);
        for (const projection of applying) {
          const name = this.checkpointOf(projection);
          if (!moved.has(name)) continue;
          const previous = moved.get(name);
          const wanted = events.filter(
            (event) => (!previous || comparePositions(event.position, previous) > 0) && wants(projection, event),
          );
          if (wanted.length === 0) continue;
          if (projection.applyBatch) await projection.applyBatch(tx, wanted, this.#keptFor(name, previous));
          else for (const event of wanted) await projection.apply(tx, event);
        }
        return moved;
      });
      this.#committed(names, moved, last);
    } catch (error) {
      for (const name of names) this.#kept.delete(name);
      throw error;
    }
  }

  /**
   * The projections whose checkpoint went back behind this runner's last commit: a rebuild in
   * another process reset it. This runner must start again from there, not apply on top.
   */
  #resetElsewhere(moved: Map<string, Position | undefined>): string[] {
    return [...moved].flatMap(([name, previous]) => {
      const committed = this.#kept.get(name)?.committed;
      const behind = committed !== undefined && (previous === undefined || comparePositions(previous, committed) < 0);
      return behind ? [name] : [];
    });
  }

  /** What the projection kept, if its checkpoint is where this runner's last commit left it; else a new, empty map. */
  #keptFor(name: string, previous: Position | undefined): Map<string, unknown> {
    const entry = this.#kept.get(name);
    if (entry && samePosition(entry.committed, previous)) return entry.kept;
    const fresh = { kept: new Map<string, unknown>(), committed: previous };
    this.#kept.set(name, fresh);
    return fresh.kept;
  }

  /** The checkpoints `moved` now stand at `last`; one that did not move (another instance was there first) forgets what it kept. */
  #committed(names: readonly string[], moved: Map<string, Position | undefined>, last: Position): void {
    this.#committedSinceCheck = true;
    for (const name of names) {
      if (!moved.has(name)) {
        this.#kept.delete(name);
        continue;
      }
      this.#keptFor(name, moved.get(name));
      this.#kept.get(name)!.committed = last;
    }
  }

  /** Stops, then starts again from the stored checkpoints after a pause; nothing is skipped. */
  #fail(error: unknown): void {
    if (!this.#running) return;
    if (this.lastErrors.size === 0) for (const name of this.names) this.lastErrors.set(name, errorMessage(error));
    this.options.logger?.error(
      { projections: [...this.lastErrors.keys()], err: error },
      'projection failed; restarting from its checkpoint',
    );
    this.#running = false;
    const subscription = this.#subscription;
    this.#subscription = undefined;
    clearTimeout(this.#timer);
    clearInterval(this.#resetCheck);
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

class CheckpointResetError extends Error {
  constructor(names: readonly string[]) {
    super(`${names.join(', ')}: the checkpoint was reset elsewhere (a rebuild); starting again from it`);
    this.name = 'CheckpointResetError';
  }
}

const samePosition = (a: Position | undefined, b: Position | undefined) =>
  a === undefined || b === undefined ? a === b : comparePositions(a, b) === 0;

const wants = (projection: Projection, event: RecordedEvent) =>
  !projection.eventTypes || projection.eventTypes.includes(event.type);

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function projectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const settings = { batchSize: 500, flushAfterMs: 20, retryDelayMs: 1_000, resetCheckMs: 5_000, ...options };
  const { partition } = options;
  if (new Set(options.projections.map(({ name }) => name)).size !== options.projections.length) {
    throw new Error('Projection names must be unique');
  }
  const feed = new ProjectionFeed(options.projections, settings);
  const names = feed.names;

  /** Caught up: at the head, or (one partition of a split) with no event of its streams after its checkpoint. */
  async function caughtUp(checkpoint: Position | undefined, head: Position | undefined): Promise<boolean> {
    if (!head || (checkpoint !== undefined && comparePositions(checkpoint, head) >= 0)) return true;
    if (isWhole(partition)) return false;
    const next = await options.eventStore.readAll({ ...(checkpoint && { after: checkpoint }), maxCount: 1, partition });
    return next.length === 0;
  }

  return {
    start: () => feed.start(),
    stop: () => feed.stop(),
    async rebuild(name) {
      const projection = options.projections.find((candidate) => candidate.name === name);
      if (!projection) throw new Error(`No projection named ${name}`);
      const runningHere = feed.running;
      await feed.stop();
      // Split work: the read model is one table, so every partition replays into it.
      const checkpoints = partitionsOf(partition?.count ?? 1).map((each) => partitionedName(name, each));
      await options.sql.transaction(async (tx) => {
        for (const checkpoint of checkpoints) {
          await ensureCheckpoint(tx, checkpoint);
          await lockCheckpoint(tx, checkpoint);
        }
        await projection.reset(tx);
        for (const checkpoint of checkpoints) await saveCheckpoint(tx, checkpoint, undefined);
      });
      for (const checkpoint of checkpoints) feed.lastErrors.delete(checkpoint);
      // Elsewhere (the projector holding the lease), the owner sees the reset and replays.
      if (runningHere) await feed.start();
    },
    async status() {
      const head = await options.eventStore.headPosition();
      const checkpoints = await readCheckpoints(options.sql, names);
      return Promise.all(
        names.map(async (name) => {
          const checkpoint = checkpoints.get(name);
          return {
            name,
            checkpoint,
            head,
            caughtUp: await caughtUp(checkpoint, head),
            lastError: feed.lastErrors.get(name),
          };
        }),
      );
    },
  };
}

/**
 * The runners of one split (one per partition, each leased on its own) seen as one, for
 * readiness and rebuilds: a rebuild through the first resets every partition's checkpoint, and
 * each partition's owner, here or elsewhere, sees the reset and replays its streams.
 */
export function splitRunner(runners: readonly ProjectionRunner[]): ProjectionRunner {
  if (runners.length === 0) throw new Error('A split needs at least one runner');
  return {
    async start() {
      for (const runner of runners) await runner.start();
    },
    async stop() {
      for (const runner of runners) await runner.stop();
    },
    rebuild: (name) => runners[0]!.rebuild(name),
    status: async () => (await Promise.all(runners.map((runner) => runner.status()))).flat(),
  };
}
