import type { JobQueue } from '../../jobs/job-queue.js';
import type { Logger } from '../../logging/logger.js';

export interface Wake {
  /** Resolves when the booking's order job finishes an attempt, or after `ms`, whichever is first. */
  readonly woken: Promise<void>;
  cancel(): void;
}

const bookingOf = (jobId: string) => jobId.replace(/^create-order-/, '').replace(/-found$/, '');

/**
 * Wakes a request waiting on its booking when the booking's order job finishes an attempt, in
 * whichever process ran it (the queue's own completion events: in-process, or BullMQ's
 * QueueEvents), so POST /api/bookings reads the outcome at once instead of polling for it.
 */
export class OrderWake {
  readonly #waiters = new Map<string, Set<() => void>>();
  #subscribed: Promise<unknown> | undefined;

  constructor(
    private readonly jobs: JobQueue,
    private readonly logger: Logger,
  ) {}

  /** Subscribes once per process; when that fails the waiters still wake at their timeout. */
  ready(): Promise<unknown> {
    this.#subscribed ??= this.jobs
      .onFinished('create-order', (jobId) => {
        for (const wake of this.#waiters.get(bookingOf(jobId)) ?? []) wake();
      })
      .catch((error: unknown) => {
        this.#subscribed = undefined;
        this.logger.warn({ err: error }, 'no order-job events: bookings wait by polling');
      });
    return this.#subscribed;
  }

  /** Call before reading the booking, so a job finishing meanwhile is not missed. */
  next(bookingId: string, ms: number): Wake {
    let timer: NodeJS.Timeout | undefined;
    let done: () => void = () => {};
    const woken = new Promise<void>((resolve) => {
      done = () => {
        clearTimeout(timer);
        const waiters = this.#waiters.get(bookingId);
        waiters?.delete(done);
        if (waiters?.size === 0) this.#waiters.delete(bookingId);
        resolve();
      };
      timer = setTimeout(done, ms);
      const waiters = this.#waiters.get(bookingId) ?? new Set();
      this.#waiters.set(bookingId, waiters);
      waiters.add(done);
    });
    return { woken, cancel: () => done() };
  }
}
