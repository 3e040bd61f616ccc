import { describe, expect, it } from 'vitest';
import { RateGate } from './rate-gate.js';

function gateAt(nowMs: number) {
  const waits: number[] = [];
  const gate = new RateGate({
    maxWaitMs: 5_000,
    now: () => nowMs,
    wait: async (ms) => {
      waits.push(ms);
    },
  });
  return { gate, waits };
}

describe('RateGate', () => {
  it('given no refusal, when a call comes, then it goes out without waiting', async () => {
    const { gate, waits } = gateAt(1_000);
    expect(await gate.pass()).toBe(true);
    expect(waits).toEqual([]);
  });

  it('given a refusal until a time within the bound, when a call comes, then it waits until that time', async () => {
    const { gate, waits } = gateAt(1_000);
    gate.closeUntil(3_500);
    gate.closeUntil(2_000);
    expect(await gate.pass()).toBe(true);
    expect(waits).toEqual([2_500]);
  });

  it('given a refusal until a time past the bound, when a call comes, then it is refused at once', async () => {
    const { gate, waits } = gateAt(1_000);
    gate.closeUntil(6_001);
    expect(await gate.pass()).toBe(false);
    expect(waits).toEqual([]);
  });

  it('given a refusal whose time has passed, when a call comes, then it goes out', async () => {
    const { gate, waits } = gateAt(10_000);
    gate.closeUntil(9_000);
    expect(await gate.pass()).toBe(true);
    expect(waits).toEqual([]);
  });
});
