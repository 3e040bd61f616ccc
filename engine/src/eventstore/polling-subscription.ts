import {
  comparePositions,
  type Position,
  type ReadAllOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './eventstore.js';
import { backoffDelay } from '@contrail/shared/time/backoff';
import { sleep } from '@contrail/shared/time/sleep';

export interface PollingOptions {
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** The longest pause between looks for an announced event that is not readable yet. */
  maxRetryMs: number;
  batchSize: number;
  /**
   * Registers a listener for commits: called with the position of the last event a commit wrote,
   * or without one when that is unknown (the store's fallback poll, a lost notification channel),
   * and with the commit's events when the store can hand them over; returns the function that
   * unregisters it.
   */
  onWake(listener: (committed?: Position, handoff?: HandedOff) => void): () => void;
}

/** A commit's events and the position of the event just before them in the global order (undefined: none). */
export interface HandedOff {
  preceding: Position | undefined;
  events: readonly RecordedEvent[];
}

/** Handed-off commits kept while the subscription is busy; beyond this it reads them instead. */
const MAX_HANDED_OFF = 1_000;

const samePosition = (a: Position | undefined, b: Position | undefined) =>
  a === undefined || b === undefined ? a === b : comparePositions(a, b) === 0;

/** The first pause before looking again for an event announced but not visible yet; it doubles. */
const HELD_BACK_RETRY_MS = 5;

/**
 * At the head, reads are at least this far apart (unless the subscriber asks for more,
 * `minReadGapMs`): under load (a booking commits several times, each
 * commit wakes every subscription) the commits that arrive meanwhile share the next read instead
 * of each costing one; an idle store answers the first commit at once. Catching up is not slowed.
 */
const MIN_READ_GAP_MS = 10;

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
  /** Commits handed over since the last look, oldest first. */
  let handedOff: HandedOff[] = [];
  const unsubscribe = polling.onWake((committed, handoff) => {
    if (!committed) unannounced = true;
    else if (after && comparePositions(committed, after) <= 0)
      return; // already read (a late echo)
    else if (!announced || comparePositions(committed, announced) > 0) announced = committed;
    if (handoff && handoff.events.length > 0 && handedOff.length < MAX_HANDED_OFF) handedOff.push(handoff);
    wakeUp?.();
  });

  /**
   * The handed-off events that follow `after` with nothing in between (each commit's `preceding`
   * is exactly where the one before it ended), or undefined when they do not: those are read.
   */
  function takeHandedOff(): RecordedEvent[] | undefined {
    const taken: RecordedEvent[] = [];
    let end = after;
    for (;;) {
      handedOff = handedOff.filter((handoff) => !end || comparePositions(handoff.events.at(-1)!.position, end) > 0);
      const next = handedOff.find((handoff) => samePosition(handoff.preceding, end));
      if (!next) break;
      handedOff = handedOff.filter((handoff) => handoff !== next);
      taken.push(...next.events);
      end = next.events.at(-1)!.position;
    }
    return taken.length > 0 ? taken : undefined;
  }

  async function run(): Promise<void> {
    /** Naps in a row while an announced commit is held back: each twice the last, up to maxRetryMs. */
    let heldBack = 0;
    /** onCaughtUp is told once per catch-up: first, then after new events only (not at every idle look). */
    let delivered = true;
    /** When the last read at the head (a short page) started. */
    let headReadAt = Number.NEGATIVE_INFINITY;
    try {
      while (!stopped) {
        let handed = takeHandedOff();
        if (!handed) {
          const gap = headReadAt + (options.minReadGapMs ?? MIN_READ_GAP_MS) - performance.now();
          if (gap > 0) await sleep(gap);
          if (stopped) return;
          handed = takeHandedOff();
        }
        unannounced = false;
        const readAt = performance.now();
        const page = handed ?? (await polling.readAll({ ...(after && { after }), maxCount: polling.batchSize }));
        if (!handed && page.length < polling.batchSize) headReadAt = readAt;
        for (const event of page) {
          if (stopped) return;
          await options.handler(event);
          after = event.position;
          delivered = true;
        }
        if ((!handed && page.length >= polling.batchSize) || stopped) continue;
        if (delivered) options.onCaughtUp?.();
        delivered = false;
        // Commits handed over meanwhile that follow on are taken before any nap (the others are read).
        if (unannounced || handedOff.some((handoff) => samePosition(handoff.preceding, after))) continue;
        if (announced && (!after || comparePositions(announced, after) > 0)) {
          heldBack += 1;
          await nap(backoffDelay(heldBack, { firstMs: HELD_BACK_RETRY_MS, maxMs: polling.maxRetryMs }));
        } else {
          heldBack = 0;
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
