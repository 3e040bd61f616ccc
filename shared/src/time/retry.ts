import { backoffDelay, type Backoff } from './backoff.js';
import { sleep } from './sleep.js';

export interface Failure {
  error: unknown;
  /** How many tries failed so far (1 after the first). */
  attempt: number;
  /** The pause before the next try, were there one. */
  retryInMs: number;
}

export interface RetryOptions extends Backoff {
  /** Whether to try again after this failure; without it, every failure is tried again. */
  retryIf?: (failure: Failure) => boolean;
  /** Called before each pause (a log line, most often). */
  onRetry?: (failure: Failure) => void;
  /** Aborting ends the current pause at once: the call rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * `attempt()` until it resolves, pausing with a growing delay between tries; the last failure is
 * thrown once `retryIf` says no.
 */
export async function retry<T>(attempt: () => Promise<T>, options: RetryOptions): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      const failure = { error, attempt: tries, retryInMs: backoffDelay(tries, options) };
      if (options.retryIf && !options.retryIf(failure)) throw error;
      options.onRetry?.(failure);
      await sleep(failure.retryInMs, options.signal);
    }
  }
}
