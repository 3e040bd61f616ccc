import { DuffelApiError } from './errors.js';

/** At most `limit` requests per token in each window of `windowMs` (whole seconds). */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

/** Generous: neither normal use nor the test suite comes near it (Duffel's own is far lower). */
export const DEFAULT_RATE_LIMIT: RateLimit = { limit: 60_000, windowMs: 60_000 };

/** The variable the composition roots read the default limit from: `<requests>/<seconds>s`. */
export const RATE_LIMIT_VARIABLE = 'DUFFEL_SANDBOX_RATELIMIT';

/**
 * A rate limit written `<requests>/<seconds>s` (`120/60s`: 120 requests a minute), as
 * DUFFEL_SANDBOX_RATELIMIT gives it; RangeError, saying what is wrong, for anything else.
 */
export function parseRateLimit(text: string): RateLimit {
  const match = /^(\d{1,9})\/(\d{1,6})s$/.exec(text.trim());
  if (!match)
    throw new RangeError(`${RATE_LIMIT_VARIABLE}: write requests per window as <requests>/<seconds>s, e.g. 120/60s`);
  return checked({ limit: Number(match[1]), windowMs: Number(match[2]) * 1000 });
}

/** Where a token stands after a request: what Duffel sends as `ratelimit-*` headers. */
export interface RateLimitState {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetAtMs: number;
}

const MAX_TOKENS = 1_000;

function checked(rateLimit: RateLimit): RateLimit {
  const { limit, windowMs } = rateLimit;
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`${RATE_LIMIT_VARIABLE}: a rate limit allows at least one request`);
  // The reset header is an HTTP date, to the second: windows start and end on whole seconds.
  if (!Number.isInteger(windowMs / 1000) || windowMs < 1000)
    throw new RangeError(`${RATE_LIMIT_VARIABLE}: a window lasts whole seconds, at least one`);
  return { limit, windowMs };
}

/**
 * Duffel's rate limits: each token has a number of requests per fixed window, the windows aligned
 * on the clock. Configurable per token; every token not named has the default.
 */
export class DuffelRateLimits {
  readonly #configured: RateLimit;
  #default: RateLimit;
  readonly #perToken = new Map<string, RateLimit>();
  readonly #windows = new Map<string, { startMs: number; used: number }>();

  /** `configured`: every token's limit until `set` says otherwise, and again after `reset`. */
  constructor(configured: RateLimit = DEFAULT_RATE_LIMIT) {
    this.#configured = checked(configured);
    this.#default = this.#configured;
  }

  /** The limit of one token, or (without a token) of every token not named. */
  set(rateLimit: RateLimit, token?: string): this {
    if (token === undefined) this.#default = checked(rateLimit);
    else this.#perToken.set(token, checked(rateLimit));
    return this;
  }

  /** Back to the configured limit for everyone, every window new. */
  reset(): void {
    this.#default = this.#configured;
    this.#perToken.clear();
    this.#windows.clear();
  }

  /** Counts a request of the token at `nowMs`: allowed while the window has room. */
  take(token: string, nowMs: number): RateLimitState {
    const { limit, windowMs } = this.#perToken.get(token) ?? this.#default;
    const startMs = Math.floor(nowMs / windowMs) * windowMs;
    let window = this.#windows.get(token);
    if (!window || window.startMs !== startMs) {
      if (this.#windows.size >= MAX_TOKENS) this.#windows.delete(this.#windows.keys().next().value!);
      window = { startMs, used: 0 };
      this.#windows.set(token, window);
    }
    const allowed = window.used < limit;
    if (allowed) window.used += 1;
    return { allowed, limit, remaining: limit - window.used, resetAtMs: startMs + windowMs };
  }
}

/** The `ratelimit-*` headers of an answer. */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'ratelimit-limit': String(state.limit),
    'ratelimit-remaining': String(state.remaining),
    'ratelimit-reset': new Date(state.resetAtMs).toUTCString(),
  };
}

export const rateLimitExceeded = (state: RateLimitState) =>
  new DuffelApiError(
    429,
    'rate_limit_error',
    'rate_limit_exceeded',
    'Rate limit exceeded',
    `Too many requests: at most ${state.limit} until ${new Date(state.resetAtMs).toUTCString()}`,
  );
