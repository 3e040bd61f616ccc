import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.js';

describe('backoffDelay', () => {
  it('doubles each retry and takes up to half off at random', () => {
    expect(
      [1, 2, 3, 4].map((attempt) => backoffDelay(attempt, { firstMs: 1_000, jitter: 0.5, random: () => 0 })),
    ).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(backoffDelay(3, { firstMs: 1_000, jitter: 0.5, random: () => 1 })).toBe(2_000);
    expect(backoffDelay(1, { firstMs: 1_000, jitter: 0, random: () => 0.7 })).toBe(1_000);
  });

  it('never pauses longer than the maximum', () => {
    expect([1, 2, 3, 4, 20].map((attempt) => backoffDelay(attempt, { firstMs: 500, maxMs: 1_500 }))).toEqual([
      500, 1_000, 1_500, 1_500, 1_500,
    ]);
  });
});
