import { describe, expect, it } from 'vitest';
import { nextAttemptAt, RETRY_WINDOW_MS } from './retry-schedule.js';

const start = new Date('2026-11-20T10:00:00.000Z');
const after = (ms: number) => new Date(start.getTime() + ms);

describe('the webhook retry schedule', () => {
  it('waits 30 s after the first failure, doubling each time, jitter at most 10%', () => {
    expect(nextAttemptAt(start, 1, start, 0)).toEqual(after(30_000));
    expect(nextAttemptAt(start, 2, start, 0)).toEqual(after(60_000));
    expect(nextAttemptAt(start, 3, start, 1)).toEqual(after(132_000));
  });

  it('never pauses more than 6 hours', () => {
    expect(nextAttemptAt(start, 30, start, 0)).toEqual(after(6 * 3_600_000));
  });

  it('gives up once the next try would fall past 72 hours from the first', () => {
    expect(nextAttemptAt(start, 20, after(RETRY_WINDOW_MS - 7 * 3_600_000), 0)).toBeDefined();
    expect(nextAttemptAt(start, 20, after(RETRY_WINDOW_MS - 5 * 3_600_000), 0)).toBeUndefined();
  });

  it('spreads its tries over the 72 hours: about 20 of them in all', () => {
    let now = start;
    let tries = 0;
    for (let next = nextAttemptAt(start, 1, now, 0); next; next = nextAttemptAt(start, ++tries + 1, now, 0)) now = next;
    expect(tries).toBeGreaterThan(15);
    expect(tries).toBeLessThan(25);
    expect(now.getTime() - start.getTime()).toBeLessThanOrEqual(RETRY_WINDOW_MS);
  });
});
