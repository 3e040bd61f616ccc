import { sleep } from '@contrail/shared/time/sleep';

export interface RateGateOptions {
  /** A call that would have to wait longer than this fails at once instead. */
  maxWaitMs: number;
  now?: () => number;
  wait?: (ms: number) => Promise<void>;
}

/**
 * One per provider client: once the provider says "no more requests until T" (a 429 and its reset
 * time), no call of this process goes out before T. Calls wait for T together rather than each
 * retrying on its own, so a burst of searches never turns into a storm of refused requests; one
 * that would wait past the bound is told so at once.
 */
export class RateGate {
  #openAtMs = 0;
  readonly #now: () => number;
  readonly #wait: (ms: number) => Promise<void>;

  constructor(private readonly options: RateGateOptions) {
    this.#now = options.now ?? Date.now;
    this.#wait = options.wait ?? sleep;
  }

  /** No call goes out before `atMs` (a later time than one already set wins). */
  closeUntil(atMs: number): void {
    this.#openAtMs = Math.max(this.#openAtMs, atMs);
  }

  /** Resolves true once calls may go out; false at once when that is further off than the bound. */
  async pass(): Promise<boolean> {
    const waitMs = this.#openAtMs - this.#now();
    if (waitMs <= 0) return true;
    if (waitMs > this.options.maxWaitMs) return false;
    await this.#wait(waitMs);
    return true;
  }
}
