import type { RecordedEvent } from '../eventstore/eventstore.js';
import type { SqlExecutor } from '../storage/sql.js';

/**
 * A read model fed from the global order. The runner calls `apply` inside the same transaction
 * that moves the projection's checkpoint, so an event is applied exactly once even when it is
 * delivered again (restart, second engine instance): write with plain SQL on `tx`, nothing else.
 */
export interface Projection {
  /** Unique and stable: the checkpoint is stored under it. */
  name: string;
  /** The event types `apply` wants; other events only move the checkpoint. Default: all. */
  eventTypes?: readonly string[];
  apply(tx: SqlExecutor, event: RecordedEvent): Promise<void>;
  /**
   * Optional, in place of `apply`: a batch's events (those it wants, in order) at once, so that a
   * row changed by several of them is written once. `kept` is what this projection chose to
   * remember of its read model between batches: the runner gives the same map back only while the
   * batches follow one another on its own commits (none failed, no other instance or rebuild moved
   * the checkpoint in between) and empties it otherwise, so it never holds what the table does not.
   */
  applyBatch?(tx: SqlExecutor, events: readonly RecordedEvent[], kept: Map<string, unknown>): Promise<void>;
  /** Empties the read model, before a rebuild from the first event. */
  reset(tx: SqlExecutor): Promise<void>;
}
