import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whileProgressing } from './progress.js';

const MINUTE = 60_000;

/** A CPU clock that advances `msPerSecond` with every second of (fake) time. */
function cpuAdvancing(msPerSecond: number): () => number {
  const startedAt = Date.now();
  return () => ((Date.now() - startedAt) / 1_000) * msPerSecond;
}

describe('waiting for work while it makes progress', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits as long as the work keeps using the CPU, however slowly, with a line every 15 s', async () => {
    const lines: number[] = [];
    let finish!: (value: string) => void;
    const waiting = whileProgressing(new Promise<string>((resolve) => (finish = resolve)), {
      what: 'creating the database',
      stallTimeoutMs: 10_000,
      advice: 'Start again.',
      onStillWorking: (elapsedMs) => lines.push(elapsedMs),
      // 2 % of a core: a thread's share on a machine with 100 processes running for 2 cores.
      cpuMs: cpuAdvancing(20),
    });
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    finish('created');
    await expect(waiting).resolves.toBe('created');
    expect(lines.slice(0, 3)).toEqual([15_000, 30_000, 45_000]);
    expect(lines).toHaveLength(40);
  });

  it('fails once the work has used no CPU for the stall timeout, saying it is stuck and what to do', async () => {
    const waiting = whileProgressing(new Promise(() => {}), {
      what: 'creating the database',
      stallTimeoutMs: 30_000,
      advice: 'Delete the data folder and start again.',
      cpuMs: cpuAdvancing(0),
    });
    const outcome = waiting.then(
      () => 'done',
      (error: Error) => error.message,
    );
    await vi.advanceTimersByTimeAsync(29_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(await Promise.race([outcome, 'still waiting'])).toBe('still waiting');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await outcome).toBe(
      'creating the database made no progress for 30 s: it is stuck. Delete the data folder and start again.',
    );
  });
});
