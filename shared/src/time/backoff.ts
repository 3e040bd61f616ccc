export interface Backoff {
  /** The pause after the first failure. */
  firstMs: number;
  /** No pause is longer than this. */
  maxMs?: number;
  /**
   * Up to this share of each pause is taken off at random (0 to 1), as BullMQ's exponential
   * backoff with `jitter` does, so that callers failing together do not retry together.
   */
  jitter?: number;
  random?: () => number;
}

/** The pause before retry number `attempt` (1 after the first failure): first x 2^(n-1), capped. */
export function backoffDelay(attempt: number, backoff: Backoff): number {
  const { firstMs, maxMs = Infinity, jitter = 0, random = Math.random } = backoff;
  const full = Math.min(maxMs, firstMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(full * (1 - jitter * random()));
}
