import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Position } from '../../eventstore/eventstore.js';
import { SagaCheckpoint } from './saga-checkpoint.js';

const at = (prepare: number): Position => ({ commit: 1n, prepare: BigInt(prepare) });

describe('the saga checkpoint', () => {
  let saved: Position[];
  let checkpoint: SagaCheckpoint;
  beforeEach(() => {
    vi.useFakeTimers();
    saved = [];
    checkpoint = new SagaCheckpoint({
      save: async (position) => void saved.push(position),
      everyEvents: 3,
      afterMs: 1_000,
    });
  });
  afterEach(() => {
    checkpoint.cancel();
    vi.useRealTimers();
  });

  it('is saved once caught up after a job was queued, not per event, and not for events that queue none', async () => {
    await checkpoint.handled(at(1), false);
    checkpoint.caughtUp();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(saved).toEqual([]);
    await checkpoint.handled(at(2), true);
    checkpoint.caughtUp();
    await vi.advanceTimersByTimeAsync(0);
    expect(saved).toEqual([at(2)]);
  });

  it('is saved at most once a second when caught up, the last position by a timer', async () => {
    await checkpoint.handled(at(1), true);
    checkpoint.caughtUp();
    await vi.advanceTimersByTimeAsync(0);
    await checkpoint.handled(at(2), true);
    checkpoint.caughtUp();
    await checkpoint.handled(at(3), false);
    checkpoint.caughtUp();
    await vi.advanceTimersByTimeAsync(500);
    expect(saved).toEqual([at(1)]);
    await vi.advanceTimersByTimeAsync(500);
    expect(saved).toEqual([at(1), at(3)]);
  });

  it('is saved every few events of a long catch-up, and on a flush (stopping)', async () => {
    for (let prepare = 1; prepare <= 7; prepare += 1) await checkpoint.handled(at(prepare), false);
    expect(saved).toEqual([at(3), at(6)]);
    await checkpoint.flush();
    expect(saved).toEqual([at(3), at(6), at(7)]);
    await checkpoint.flush();
    expect(saved).toHaveLength(3);
  });
});
