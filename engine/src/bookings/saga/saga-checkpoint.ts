import type { Position } from '../../eventstore/eventstore.js';

export interface SagaCheckpointOptions {
  /** Stores the position (moving it forward only). */
  save(position: Position): Promise<void>;
  /** In a long catch-up, saved at least every this many events. */
  everyEvents: number;
  /** Once caught up, saved at most this often. */
  afterMs: number;
}

/**
 * When the saga processor saves its checkpoint: not per event but per batch. Every event handled
 * has its jobs queued (by job id, so queueing again adds nothing); the checkpoint only bounds what
 * a restart reads again. So it is saved every `everyEvents` events of a catch-up, and once caught
 * up only if a job was queued since the last save, at most every `afterMs` (a timer saves the
 * rest), and when the processor stops.
 */
export class SagaCheckpoint {
  #last: Position | undefined;
  #events = 0;
  #queued = false;
  #savedAt = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: SagaCheckpointOptions) {}

  /** An event whose jobs are all queued; `queued`: it called for some. */
  async handled(position: Position, queued: boolean): Promise<void> {
    this.#last = position;
    this.#events += 1;
    this.#queued ||= queued;
    if (this.#events >= this.options.everyEvents) await this.flush();
  }

  /** Everything stored so far is handled. */
  caughtUp(): void {
    if (!this.#queued || this.#timer) return;
    const waitMs = this.#savedAt + this.options.afterMs - Date.now();
    if (waitMs <= 0) {
      void this.flush().catch(() => {});
      return;
    }
    this.#timer = setTimeout(() => void this.flush().catch(() => {}), waitMs);
    this.#timer.unref?.();
  }

  /** Saves the last handled position now, if it moved since the last save. */
  async flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const last = this.#last;
    this.#last = undefined;
    this.#events = 0;
    this.#queued = false;
    this.#savedAt = Date.now();
    if (last) await this.options.save(last);
  }

  /** Stops the timer without saving (a processor that failed restarts from the stored checkpoint). */
  cancel(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
