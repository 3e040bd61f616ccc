import type { Position, ReadAllOptions, RecordedEvent, SubscribeOptions, Subscription } from './eventstore.js';

export interface PollingOptions {
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** How long to wait between polls once caught up. */
  pollIntervalMs: number;
  batchSize: number;
  /** Lets the store wake live subscribers right after its own appends instead of at the next poll. */
  onWake(listener: () => void): () => void;
}

/** A catch-up subscription over a paged `readAll`: read pages until short, then poll. */
export function pollingSubscription(polling: PollingOptions, options: SubscribeOptions): Subscription {
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  const nap = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, polling.pollIntervalMs);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });
  const unsubscribe = polling.onWake(() => wakeUp?.());

  async function run(): Promise<void> {
    let after: Position | undefined = options.after;
    try {
      while (!stopped) {
        const page = await polling.readAll({ ...(after && { after }), maxCount: polling.batchSize });
        for (const event of page) {
          if (stopped) return;
          await options.handler(event);
          after = event.position;
        }
        if (page.length < polling.batchSize && !stopped) {
          options.onCaughtUp?.();
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
