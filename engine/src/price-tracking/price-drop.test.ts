import { describe, expect, it } from 'vitest';
import { nextBaseline, priceDropped } from './price-drop.js';

const byAmount = { kind: 'amount', amountMinor: 2_500 } as const;
const byPercent = { kind: 'percent', percent: 10 } as const;

describe('when a price drop is worth an email', () => {
  it('by amount: given a $25 rule and a $300 baseline, a fall to $275 writes and to $275.01 does not', () => {
    expect(priceDropped(byAmount, 30_000, 27_500)).toBe(true);
    expect(priceDropped(byAmount, 30_000, 27_501)).toBe(false);
  });

  it('by percentage: given 10% of $300, a fall to $270 writes and to $270.01 does not', () => {
    expect(priceDropped(byPercent, 30_000, 27_000)).toBe(true);
    expect(priceDropped(byPercent, 30_000, 27_001)).toBe(false);
  });

  it('a rise or the same price never writes', () => {
    expect(priceDropped(byAmount, 30_000, 30_000)).toBe(false);
    expect(priceDropped(byPercent, 30_000, 45_000)).toBe(false);
  });

  it('the baseline follows the emails: lowered by a drop written, kept through rises and small falls', () => {
    expect(nextBaseline(byAmount, 30_000, 20_000)).toBe(20_000);
    expect(nextBaseline(byAmount, 30_000, 35_000)).toBe(30_000);
    expect(nextBaseline(byAmount, 30_000, 29_000)).toBe(30_000);
    // Back down from a rise to near the baseline: nothing new to say.
    expect(priceDropped(byAmount, nextBaseline(byAmount, 30_000, 35_000), 29_000)).toBe(false);
  });
});
