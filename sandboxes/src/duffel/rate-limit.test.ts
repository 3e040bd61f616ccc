import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMIT, DuffelRateLimits, parseRateLimit } from './rate-limit.js';

describe('the Duffel sandbox rate limit setting (DUFFEL_SANDBOX_RATELIMIT)', () => {
  it('reads <requests>/<seconds>s', () => {
    expect(parseRateLimit('120/60s')).toEqual({ limit: 120, windowMs: 60_000 });
    expect(parseRateLimit(' 1/1s ')).toEqual({ limit: 1, windowMs: 1_000 });
  });

  it('refuses anything else, naming the variable and the format', () => {
    for (const text of ['', '120', '120/60', '120/60m', '-1/60s', '1.5/60s', '120 / 60s', '120/60s/2']) {
      expect(() => parseRateLimit(text), text).toThrow(/DUFFEL_SANDBOX_RATELIMIT: write requests per window/);
    }
    expect(() => parseRateLimit('0/60s')).toThrow(/DUFFEL_SANDBOX_RATELIMIT: a rate limit allows at least one request/);
    expect(() => parseRateLimit('10/0s')).toThrow(/DUFFEL_SANDBOX_RATELIMIT: a window lasts whole seconds/);
  });

  it('given a configured limit, when a token uses it up, then it waits for the next window; reset comes back to it', () => {
    const limits = new DuffelRateLimits({ limit: 2, windowMs: 10_000 });
    expect(limits.take('t', 0)).toMatchObject({ allowed: true, limit: 2, remaining: 1, resetAtMs: 10_000 });
    expect(limits.take('t', 1).allowed).toBe(true);
    expect(limits.take('t', 2)).toMatchObject({ allowed: false, remaining: 0 });
    expect(limits.take('t', 10_000).allowed).toBe(true);
    limits.set(DEFAULT_RATE_LIMIT);
    limits.reset();
    expect(limits.take('t', 10_001).limit).toBe(2);
    expect(new DuffelRateLimits().take('t', 0).limit).toBe(DEFAULT_RATE_LIMIT.limit);
  });
});
