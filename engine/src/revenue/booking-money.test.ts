import { ZERO_FIGURES, type RevenueFigures } from '@contrail/shared/admin/revenue';
import { addFigures } from '@contrail/shared/admin/revenue-periods';
import { describe, expect, it } from 'vitest';
import type { BookingEvent } from '../bookings/domain/events.js';
import { rankedOf, revenueStep, type RankedDelta, type RevenueBooking } from './booking-money.js';
import { cancelledBooking, heldAndPaidBooking, purchasedAfter, soldBooking } from './test-support/revenue-events.js';

/** Given these bookings' events (each list one stream), then these sums per "brand day currency". */
function revenueOf(streams: readonly BookingEvent[][]) {
  const days = new Map<string, RevenueFigures>();
  const ranked: RankedDelta[] = [];
  for (const events of streams) {
    let booking: RevenueBooking | null = null;
    for (const event of events) {
      const step = revenueStep(booking, event);
      booking = step.booking;
      for (const { brandKey, day, currency, add } of step.figures) {
        const key = `${brandKey} ${day} ${currency}`;
        days.set(key, addFigures(days.get(key) ?? ZERO_FIGURES, add));
      }
      ranked.push(...step.sales.flatMap(rankedOf));
    }
  }
  return { days: Object.fromEntries(days), ranked };
}

const sale = {
  bookingId: 'b1',
  brandKey: 'skyhop',
  price: 123_000,
  providerCost: 100_000,
  captureFee: 3_597,
  travellers: 2,
  at: '2026-11-20T10:00:00.000Z',
};

describe('the revenue of booking events', () => {
  it('given a confirmed sale, then its day has the booking, travellers, sale, cost, markup, fee and net margin', () => {
    const { days, ranked } = revenueOf([soldBooking(sale)]);
    expect(days).toEqual({
      'skyhop 2026-11-20 USD': {
        ...ZERO_FIGURES,
        bookings: 1,
        travellers: 2,
        grossSales: 123_000,
        providerCost: 100_000,
        markupMargin: 23_000,
        cardFees: 3_597,
        netMargin: 23_000 - 3_597,
      },
    });
    const sold = { brandKey: 'skyhop', day: '2026-11-20', currency: 'USD', bookings: 1, grossSales: 123_000 };
    const margin = { providerCost: 100_000, markupMargin: 23_000 };
    expect(ranked).toEqual([
      { ...sold, kind: 'route', key: 'JFK-LHR', ...margin },
      { ...sold, kind: 'carrier', key: 'BA', ...margin },
      { ...sold, kind: 'rule', key: 'unrecorded', ...margin },
    ]);
  });

  it('given a sale priced by a rule, then its sale, cost and margin count under that rule, whatever the rules are later', () => {
    const { ranked } = revenueOf([soldBooking({ ...sale, ruleId: 'jfk-lhr' })]);
    expect(ranked.filter((delta) => delta.kind === 'rule')).toEqual([
      {
        brandKey: 'skyhop',
        day: '2026-11-20',
        currency: 'USD',
        kind: 'rule',
        key: 'jfk-lhr',
        bookings: 1,
        grossSales: 123_000,
        providerCost: 100_000,
        markupMargin: 23_000,
      },
    ]);
  });

  it('given a sale cancelled days later, then the refund, what the airline gave back and the fee kept land on the cancellation day', () => {
    const cancelled = cancelledBooking({
      bookingId: 'b1',
      providerRefund: 80_000,
      refund: 90_000,
      refundFee: 0,
      at: '2026-11-23T08:00:00.000Z',
    });
    const { days } = revenueOf([[...soldBooking(sale), ...cancelled]]);
    expect(days['skyhop 2026-11-23 USD']).toEqual({
      ...ZERO_FIGURES,
      refunds: 90_000,
      providerRefunds: 80_000,
      feesKept: 33_000,
      cancellations: 1,
      netMargin: 80_000 - 90_000,
    });
    // The sale's own day is left as it was: past days never change.
    expect(days['skyhop 2026-11-20 USD']!.grossSales).toBe(123_000);
  });

  it('given events without a provider total or card fee (recorded before those were kept), then the booking counts as incomplete', () => {
    const { providerCost: _cost, captureFee: _fee, ...older } = sale;
    const { days } = revenueOf([soldBooking(older)]);
    expect(days['skyhop 2026-11-20 USD']).toMatchObject({
      grossSales: 123_000,
      providerCost: 0,
      incompleteBookings: 1,
    });
  });

  it('given brands and currencies apart, then their sums stay apart', () => {
    const { days } = revenueOf([
      soldBooking(sale),
      soldBooking({ ...sale, bookingId: 'b2', brandKey: 'nordlys' }),
      soldBooking({ ...sale, bookingId: 'b3', currency: 'EUR' }),
    ]);
    expect(Object.keys(days).sort()).toEqual([
      'nordlys 2026-11-20 USD',
      'skyhop 2026-11-20 EUR',
      'skyhop 2026-11-20 USD',
    ]);
  });

  it('given a booking that failed before any capture, then nothing is counted', () => {
    const events = soldBooking(sale).slice(0, 2);
    const failed: BookingEvent = {
      type: 'OrderFailed',
      data: { reason: 'no', code: null, failureCode: null, at: sale.at },
    };
    expect(revenueOf([[...events, failed, { type: 'BookingCancelled', data: { at: sale.at } }]]).days).toEqual({});
  });

  it('given events of a booking whose start is unknown, then nothing is counted', () => {
    expect(revenueOf([soldBooking(sale).slice(1)]).days).toEqual({});
  });

  it('given a trip held and paid later at a new airline total, then its sale, what the airline was paid and the card fee land on the payment day', () => {
    const held = heldAndPaidBooking({
      ...sale,
      heldCost: 98_000,
      providerCost: 99_500,
      paidAt: '2026-11-22T09:00:00.000Z',
    });
    const { days, ranked } = revenueOf([held]);
    expect(days).toEqual({
      'skyhop 2026-11-22 USD': {
        ...ZERO_FIGURES,
        bookings: 1,
        travellers: 2,
        grossSales: 123_000,
        providerCost: 99_500,
        markupMargin: 23_500,
        cardFees: 3_597,
        netMargin: 23_500 - 3_597,
      },
    });
    expect(ranked.map(({ kind, day, providerCost }) => [kind, day, providerCost])).toEqual([
      ['route', '2026-11-22', 99_500],
      ['carrier', '2026-11-22', 99_500],
      ['rule', '2026-11-22', 99_500],
    ]);
  });

  it('given a hold that ran out unpaid, then nothing is counted', () => {
    const held = heldAndPaidBooking({ ...sale, heldCost: 98_000, paidAt: sale.at }).slice(0, 3);
    const expired: BookingEvent = { type: 'HoldExpired', data: { reason: 'deadline', at: sale.at } };
    expect(revenueOf([[...held, expired]]).days).toEqual({});
  });

  it('given bags and a date change bought after booking, then each sale, the airline’s charge and its card fee land on its capture day, with no booking added', () => {
    const bags = purchasedAfter({
      bookingId: 'b1',
      purchaseId: 'ext_1',
      kind: 'extras',
      amount: 6_000,
      fee: 204,
      at: '2026-11-21T10:00:00.000Z',
    });
    const change = purchasedAfter({
      bookingId: 'b1',
      purchaseId: 'oce_1',
      kind: 'change',
      amount: 15_000,
      fee: 465,
      at: '2026-11-21T12:00:00.000Z',
    });
    const { days, ranked } = revenueOf([[...soldBooking(sale), ...bags, ...change]]);
    expect(days['skyhop 2026-11-21 USD']).toEqual({
      ...ZERO_FIGURES,
      grossSales: 21_000,
      providerCost: 21_000,
      markupMargin: 0,
      cardFees: 669,
      netMargin: -669,
    });
    expect(days['skyhop 2026-11-20 USD']!.grossSales).toBe(123_000);
    const routeSales = ranked.filter(({ kind }) => kind === 'route');
    expect(routeSales.map(({ day, bookings, grossSales }) => [day, bookings, grossSales])).toEqual([
      ['2026-11-20', 1, 123_000],
      ['2026-11-21', 0, 6_000],
      ['2026-11-21', 0, 15_000],
    ]);
  });

  it('given a purchase whose card fee could not be read, then it counts as incomplete', () => {
    const bags = purchasedAfter({ bookingId: 'b1', purchaseId: 'ext_1', kind: 'extras', amount: 6_000, at: sale.at });
    const { days } = revenueOf([[...soldBooking(sale), ...bags]]);
    expect(days['skyhop 2026-11-20 USD']).toMatchObject({
      grossSales: 129_000,
      cardFees: 3_597,
      incompleteBookings: 1,
    });
  });

  it('given a cancellation that refunds the fare and, after it, the bags bought later, then both refunds count and only what is not refunded is kept', () => {
    const bags = purchasedAfter({
      bookingId: 'b1',
      purchaseId: 'ext_1',
      kind: 'extras',
      amount: 6_000,
      fee: 204,
      at: sale.at,
    });
    const cancelled = cancelledBooking({
      bookingId: 'b1',
      providerRefund: 80_000,
      refund: 90_000,
      refundFee: 0,
      purchaseRefunds: [{ paymentId: 'pi_ext_1', amount: 6_000, fee: 0 }],
      at: '2026-11-23T08:00:00.000Z',
    });
    const { days } = revenueOf([[...soldBooking(sale), ...bags, ...cancelled]]);
    expect(days['skyhop 2026-11-23 USD']).toEqual({
      ...ZERO_FIGURES,
      refunds: 96_000,
      providerRefunds: 80_000,
      feesKept: 123_000 - 90_000,
      cancellations: 1,
      netMargin: 80_000 - 96_000,
    });
  });
});
