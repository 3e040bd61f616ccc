import {
  comparePositions,
  type Position,
  type ReadAllOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './eventstore.js';

export interface PollingOptions {
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** The longest pause between looks for an announced event that is not readable yet. */
  maxRetryMs: number;
  batchSize: number;
  /**
   * Registers a listener for commits: called with the position of the last event a commit wrote,
   * or without one when that is unknown (the store's fallback poll, a lost notification channel);
   * returns the function that unregisters it.
   */
  onWake(listener: (committed?: Position) => void): () => void;
}

/** The first pause before looking again for an event announced but not visible yet; it doubles. */
const HELD_BACK_RETRY_MS = 5;

/**
 * A catch-up subscription over a paged `readAll`: read pages until short, then sleep until woken
 * (a commit, or the store's fallback poll, which wakes all its subscriptions at once so that
 * those at the same position share one read).
 *
 * An announced event may not be readable yet: the gap-free read (postgres-eventstore.ts) shows it
 * only once every older writing transaction has ended. While an announced position is ahead of
 * what was read, the subscription looks again after a short pause that doubles up to the poll
 * interval, so a wake is never lost to an open transaction elsewhere.
 */
export function pollingSubscription(polling: PollingOptions, options: SubscribeOptions): Subscription {
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  let announced: Position | undefined;
  let unannounced = false;
  const nap = (ms?: number) =>
    new Promise<void>((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });
  let after: Position | undefined = options.after;
  const unsubscribe = polling.onWake((committed) => {
    if (!committed) unannounced = true;
    else if (after && comparePositions(committed, after) <= 0)
      return; // already read (a late echo)
    else if (!announced || comparePositions(committed, announced) > 0) announced = committed;
    wakeUp?.();
  });

  async function run(): Promise<void> {
    let retryMs = HELD_BACK_RETRY_MS;
    /** onCaughtUp is told once per catch-up: first, then after new events only (not at every idle look). */
    let delivered = true;
    try {
      while (!stopped) {
        unannounced = false;
        const page = await polling.readAll({ ...(after && { after }), maxCount: polling.batchSize });
        for (const event of page) {
          if (stopped) return;
          await options.handler(event);
          after = event.position;
          delivered = true;
        }
        if (page.length >= polling.batchSize || stopped) continue;
        if (delivered) options.onCaughtUp?.();
        delivered = false;
        if (unannounced) continue;
        if (announced && (!after || comparePositions(announced, after) > 0)) {
          await nap(retryMs);
          retryMs = Math.min(retryMs * 2, polling.maxRetryMs);
        } else {
          retryMs = HELD_BACK_RETRY_MS;
          await nap();
        }
      }
    } finally {
      unsubscribe();
    }
  }

  const done = run();
  return {
    done,
    async stop() {
      stopped = true;
      wakeUp?.();
      await done.catch(() => {});
    },
  };
}
