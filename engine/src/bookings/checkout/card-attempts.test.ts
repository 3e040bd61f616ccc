import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { attemptVerdict, countersOf, refundedUnits, reservedUnits, type CardAttemptLimits } from './card-attempts.js';

const limits: CardAttemptLimits = { windowMs: 900_000, perAddress: 60, perSession: 30, perOffer: 20, declineWeight: 3 };
const now = 1_000_000;

describe('card attempt rules', () => {
  it('counts an address always, an account when signed in, an offer when named', () => {
    expect(countersOf({ address: '203.0.113.7' }, limits)).toEqual([
      { scope: 'address', key: '203.0.113.7', limit: 60 },
    ]);
    expect(countersOf({ address: '203.0.113.7', account: 'usr_1', offer: 'skyhop:off_1' }, limits)).toEqual([
      { scope: 'address', key: '203.0.113.7', limit: 60 },
      { scope: 'session', key: 'usr_1', limit: 30 },
      { scope: 'offer', key: 'skyhop:off_1', limit: 20 },
    ]);
  });

  it('reserves a decline’s weight before an attempt runs, and gives back all but 1 unless it was declined', () => {
    expect(reservedUnits(limits)).toBe(3);
    expect(refundedUnits(402, limits)).toBe(0);
    for (const status of [200, 400, 409, 502]) expect(refundedUnits(status, limits)).toBe(2);
    expect(refundedUnits(200, { declineWeight: 1 })).toBe(0);
  });

  it('allows up to the limit and refuses past it until the latest window over its limit ends', () => {
    expect(attemptVerdict([{ limit: 20, spent: 20, resetsAt: now + 5_000 }], now)).toEqual({ allowed: true });
    expect(
      attemptVerdict(
        [
          { limit: 60, spent: 61, resetsAt: now + 120_500 },
          { limit: 20, spent: 22, resetsAt: now + 300_000 },
          { limit: 30, spent: 5, resetsAt: now + 900_000 },
        ],
        now,
      ),
    ).toEqual({ allowed: false, retryAfterSeconds: 300 });
  });

  it('never answers a Retry-After under a second', () => {
    expect(attemptVerdict([{ limit: 1, spent: 2, resetsAt: now }], now)).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
  });

  it('by default, a traveller whose card is declined 5 times on one offer, then paid, is never refused', () => {
    const defaults = loadConfig({}).cardAttempts;
    let spent = 0;
    for (const status of [402, 402, 402, 402, 402, 200]) {
      spent += reservedUnits(defaults);
      expect(attemptVerdict([{ limit: defaults.perOffer, spent, resetsAt: now + 1 }], now)).toEqual({ allowed: true });
      spent -= refundedUnits(status, defaults);
    }
  });
});
