import { describe, expect, it } from 'vitest';
import { acceptedPriceChangeSchema, priceChangeOf } from './price-change.js';

describe('the price change an error answer tells (issue 36)', () => {
  const seen = { total: 612.5, extras: 30, currency: 'USD' };

  it('reads the card check’s AMOUNT_MISMATCH: the expected total includes the seats and bags', () =>
    expect(
      priceChangeOf(
        { code: 'AMOUNT_MISMATCH', expected: { amount: 700.1, currency: 'USD' }, errors: [{ path: 'amount' }] },
        seen,
      ),
    ).toEqual({ previousTotal: 612.5, newTotal: 700.1, currency: 'USD' }));

  it('reads the booking’s PRICE_CHANGED: the offer’s new price, plus the seats and bags', () =>
    expect(priceChangeOf({ code: 'PRICE_CHANGED', newPrice: { amount: 670.2, currency: 'USD' } }, seen)).toEqual({
      previousTotal: 612.5,
      newTotal: 700.2,
      currency: 'USD',
    }));

  it('is no price change when the price is the same, in another currency, or the mismatch is about the payment', () => {
    expect(priceChangeOf({ code: 'PRICE_CHANGED', newPrice: { amount: 582.5, currency: 'USD' } }, seen)).toBeNull();
    expect(priceChangeOf({ code: 'PRICE_CHANGED', newPrice: { amount: 700, currency: 'EUR' } }, seen)).toBeNull();
    expect(
      priceChangeOf(
        { code: 'AMOUNT_MISMATCH', expected: { amount: 700, currency: 'USD' }, errors: [{ path: 'paymentId' }] },
        seen,
      ),
    ).toBeNull();
    expect(priceChangeOf({ code: 'PRICE_CHANGED' }, seen)).toBeNull();
    expect(priceChangeOf(undefined, seen)).toBeNull();
  });

  it('takes a positive previous amount only', () => {
    expect(acceptedPriceChangeSchema.safeParse({ previousAmount: 612.5 }).success).toBe(true);
    expect(acceptedPriceChangeSchema.safeParse({ previousAmount: 0 }).success).toBe(false);
  });
});
