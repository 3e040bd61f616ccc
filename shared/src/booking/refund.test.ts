import { describe, expect, it } from 'vitest';
import { keptFeesOf, refundFor } from './refund.js';

describe('refundFor (issue 20 item 2)', () => {
  // Paid $1,666.41 for a $1,354.80 fare (x 1.23); the airline keeps a $200 fee.
  const booking = { paid: 166_641, supplied: 135_480, airlineRefund: 115_480 };

  it('keeps the airline fee and the markup when the brand keeps it: the refund is the airline refund', () =>
    expect(refundFor({ ...booking, markupKeptOnRefund: true })).toEqual({
      refund: 115_480,
      airlineFee: 20_000,
      serviceFee: 31_161,
    }));

  it('keeps only the airline fee when the brand refunds its markup', () =>
    expect(refundFor({ ...booking, markupKeptOnRefund: false })).toEqual({
      refund: 146_641,
      airlineFee: 20_000,
      serviceFee: 0,
    }));

  it('never refunds more than was paid nor less than nothing', () => {
    expect(refundFor({ paid: 1_000, supplied: 1_000, airlineRefund: 5_000, markupKeptOnRefund: false }).refund).toBe(
      1_000,
    );
    expect(refundFor({ paid: 1_000, supplied: 800, airlineRefund: -50, markupKeptOnRefund: true }).refund).toBe(0);
  });

  it('says what is kept and why, in the currency decimals', () =>
    expect(keptFeesOf({ airlineFee: 20_000, serviceFee: 31_161 }, 'USD')).toEqual([
      expect.objectContaining({ kind: 'airline_fee', label: 'Airline cancellation fee', amount: '200.00' }),
      expect.objectContaining({ kind: 'service_fee', label: 'Service fee', amount: '311.61' }),
    ]));
});
