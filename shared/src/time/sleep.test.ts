import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sleep } from './sleep.js';

describe('sleep', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves once the time has passed, not before', async () => {
    let done = false;
    const pause = sleep(1_000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await pause;
    expect(done).toBe(true);
  });

  it('rejects with the reason as soon as its signal aborts', async () => {
    const controller = new AbortController();
    const pause = sleep(60_000, controller.signal);
    controller.abort(new Error('stopping'));
    await expect(pause).rejects.toThrow('stopping');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects at once on a signal aborted before', async () => {
    await expect(sleep(60_000, AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
    expect(vi.getTimerCount()).toBe(0);
  });
});
