import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retry, type Failure } from './retry.js';

/** A call that fails `failures` times, then answers 'ok'. */
function flaky(failures: number) {
  let calls = 0;
  return {
    calls: () => calls,
    attempt: async () => {
      calls += 1;
      if (calls <= failures) throw new Error(`failure ${calls}`);
      return 'ok';
    },
  };
}

describe('retry', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tries again after a growing pause until the call answers', async () => {
    const call = flaky(3);
    const seen: Failure[] = [];
    const answer = retry(call.attempt, { firstMs: 100, maxMs: 250, onRetry: (failure) => seen.push(failure) });
    await vi.runAllTimersAsync();
    await expect(answer).resolves.toBe('ok');
    expect(call.calls()).toBe(4);
    expect(seen.map(({ attempt, retryInMs }) => [attempt, retryInMs])).toEqual([
      [1, 100],
      [2, 200],
      [3, 250],
    ]);
  });

  it('throws the last failure once retryIf says no, without pausing', async () => {
    const call = flaky(5);
    const answer = retry(call.attempt, { firstMs: 100, retryIf: ({ attempt }) => attempt < 3 });
    const settled = expect(answer).rejects.toThrow('failure 3');
    await vi.runAllTimersAsync();
    await settled;
    expect(call.calls()).toBe(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops pausing when its signal aborts', async () => {
    const controller = new AbortController();
    const call = flaky(Infinity);
    const answer = retry(call.attempt, {
      firstMs: 60_000,
      signal: controller.signal,
      onRetry: () => controller.abort(new Error('stopping')),
    });
    await expect(answer).rejects.toThrow('stopping');
    expect(call.calls()).toBe(1);
  });
});
