import { describe, expect, it } from 'vitest';
import type { BookingEvent } from './events.js';
import { refundBreakdown } from './refund.js';
import { planRefunds, refundable } from './refund-plan.js';
import { foldBooking, type Confirmed } from './state.js';
import { cmd, confirmedBooking, EXPIRES, ev, given, LATER, T0, usd } from '../test-support/decider-spec.js';

/**
 * Issue 36: a cancellation refunds every captured payment of the booking (its own, 55 350, and what
 * was bought after booking: a bag, 4 500 on pi_2, and a change of date, 11 500 on pi_3).
 */
const bag = {
  serviceId: 'ase_9',
  kind: 'checked' as const,
  passengerIds: ['pas_1'],
  segmentIds: ['seg_1'],
  quantity: 1,
  price: usd(4_500),
};

function paidBag(): BookingEvent[] {
  const purchaseId = 'xtr_1';
  return [
    { type: 'ExtrasRequested', data: { purchaseId, bags: [bag], amount: usd(4_500), knownServiceIds: [], at: LATER } },
    {
      type: 'PurchasePaymentAuthorized',
      data: { purchaseId, paymentId: 'pi_2', amount: usd(4_500), cardLast4: '4242', at: LATER },
    },
    {
      type: 'PurchaseConfirmed',
      data: {
        purchaseId,
        serviceIds: ['ase_9'],
        kind: 'extras',
        amount: usd(4_500),
        change: null,
        bags: [bag],
        at: LATER,
      },
    },
    {
      type: 'PurchasePaymentCaptured',
      data: { purchaseId, paymentId: 'pi_2', amount: usd(4_500), fee: null, at: LATER },
    },
  ];
}

function paidChange(): BookingEvent[] {
  const purchaseId = 'oce_1';
  const times = { departsAt: '2026-12-24T18:05:00.000Z', arrivesAt: '2026-12-25T06:00:00.000Z' };
  return [
    {
      type: 'OrderChangeRequested',
      data: {
        purchaseId,
        changeOfferId: 'oco_1',
        fareDifference: usd(4_000),
        penalty: usd(7_500),
        amount: usd(11_500),
        removedSliceIds: ['sli_1'],
        slices: [],
        ...times,
        at: LATER,
      },
    },
    {
      type: 'PurchasePaymentAuthorized',
      data: { purchaseId, paymentId: 'pi_3', amount: usd(11_500), cardLast4: '4242', at: LATER },
    },
    {
      type: 'PurchaseConfirmed',
      data: {
        purchaseId,
        serviceIds: [],
        kind: 'change',
        amount: usd(11_500),
        change: { slices: [], ...times },
        bags: [],
        at: LATER,
      },
    },
    {
      type: 'PurchasePaymentCaptured',
      data: { purchaseId, paymentId: 'pi_3', amount: usd(11_500), fee: null, at: LATER },
    },
  ];
}

const withExtras = () => [...confirmedBooking(), ...paidBag(), ...paidChange()];
const refund = (refundId: string, paymentId: string, amount: number) =>
  cmd('RecordRefund', { refundId, paymentId, amount: usd(amount), fee: null });
const issued = (refundId: string, paymentId: string, amount: number): BookingEvent => ({
  type: 'RefundIssued',
  data: { refundId, paymentId, amount: usd(amount), fee: null, at: LATER },
});

describe('the refund plan', () => {
  const state = foldBooking(withExtras()) as Confirmed;

  it('counts every captured payment of the booking as refundable', () => expect(refundable(state)).toBe(71_350));

  it('gives back what was bought after booking whole, newest first, and the rest from the booking payment', () => {
    expect(planRefunds(state, 71_350)).toEqual([
      { paymentId: 'pi_1', amount: 55_350 },
      { paymentId: 'pi_2', amount: 4_500 },
      { paymentId: 'pi_3', amount: 11_500 },
    ]);
    expect(planRefunds(state, 20_000)).toEqual([
      { paymentId: 'pi_1', amount: 4_000 },
      { paymentId: 'pi_2', amount: 4_500 },
      { paymentId: 'pi_3', amount: 11_500 },
    ]);
    expect(planRefunds(state, 10_000)).toEqual([{ paymentId: 'pi_3', amount: 10_000 }]);
    expect(planRefunds(state, 0)).toEqual([]);
  });

  it('is the booking payment alone on a booking that bought nothing after (streams from before)', () =>
    expect(planRefunds(foldBooking(confirmedBooking()) as Confirmed, 40_000)).toEqual([
      { paymentId: 'pi_1', amount: 40_000 },
    ]));
});

describe('cancelling a booking with changes and extras paid after booking', () => {
  const cancelled = [...withExtras(), ev.cancelling(), ev.orderCancelled(71_350)];

  it('quotes a refund up to every payment together, not beyond', () => {
    const quote = (amount: number) =>
      cmd('QuoteCancellation', {
        quoteId: 'ore_1',
        airlineRefund: amount,
        refund: usd(amount),
        airlineFee: 0,
        serviceFee: 0,
        markupKeptOnRefund: false,
        expiresAt: EXPIRES,
      });
    given(withExtras())
      .when(quote(71_350))
      .then([expect.objectContaining({ type: 'CancellationQuoted' })]);
    given(withExtras()).when(quote(71_351)).thenRefused('REFUND_TOO_LARGE');
  });

  it('refunds each payment its share, and is cancelled once the last one is refunded', () => {
    given(cancelled)
      .when(refund('re_2', 'pi_2', 4_500))
      .then([issued('re_2', 'pi_2', 4_500)]);
    given([...cancelled, issued('re_2', 'pi_2', 4_500)])
      .when(refund('re_3', 'pi_3', 11_500))
      .then([issued('re_3', 'pi_3', 11_500)]);
    given([...cancelled, issued('re_2', 'pi_2', 4_500), issued('re_3', 'pi_3', 11_500)])
      .when(refund('re_1', 'pi_1', 55_350))
      .then([issued('re_1', 'pi_1', 55_350), ev.cancelled()]);
    const done = foldBooking([
      ...cancelled,
      issued('re_2', 'pi_2', 4_500),
      issued('re_3', 'pi_3', 11_500),
      issued('re_1', 'pi_1', 55_350),
      ev.cancelled(),
    ]);
    expect(done.phase).toBe('cancelled');
    expect(done.payment?.refunded).toBe(55_350);
    expect(done.phase === 'cancelled' && done.purchases?.map((one) => one.refunded)).toEqual([4_500, 11_500]);
  });

  it('refuses a refund of another payment, or beyond a payment’s share, and records a repeated one once', () => {
    given(cancelled)
      .when(refund('re_9', 'pi_9', 100))
      .thenRefused('PAYMENT_MISMATCH');
    given(cancelled)
      .when(refund('re_2', 'pi_2', 4_501))
      .thenRefused('REFUND_TOO_LARGE');
    given([...cancelled, issued('re_2', 'pi_2', 4_500)])
      .when(refund('re_2', 'pi_2', 4_500))
      .then([]);
    given([...cancelled, issued('re_2', 'pi_2', 4_500)])
      .when(refund('re_4', 'pi_2', 1))
      .thenRefused('REFUND_TOO_LARGE');
  });

  it('takes a partial refund’s fees from the booking payment: the later purchases are refunded whole', () => {
    const partly = [...withExtras(), ev.cancelling(), ev.orderCancelled(30_000)];
    given(partly)
      .when(refund('re_1', 'pi_1', 14_001))
      .thenRefused('REFUND_TOO_LARGE');
    given([...partly, issued('re_2', 'pi_2', 4_500), issued('re_3', 'pi_3', 11_500)])
      .when(refund('re_1', 'pi_1', 14_000))
      .then([issued('re_1', 'pi_1', 14_000), ev.cancelled()]);
  });

  it('declining a schedule change refunds every payment in full', () => {
    const detected: BookingEvent = {
      type: 'ScheduleChangeDetected',
      data: { changeId: 'aic_1', orderId: 'ord_0000abcdef', before: [], after: [], changedAt: LATER, at: LATER },
    };
    given([...withExtras(), detected])
      .when(
        cmd('DeclineScheduleChange', {
          changeId: 'aic_1',
          requestedBy: 'u1',
          quote: { quoteId: 'ore_9', airlineRefund: 60_000, expiresAt: EXPIRES },
        }),
      )
      .then([
        expect.objectContaining({ type: 'ScheduleChangeDeclined' }),
        expect.objectContaining({ type: 'CancellationQuoted', data: expect.objectContaining({ refund: usd(71_350) }) }),
        expect.objectContaining({ type: 'CancellationRequested' }),
      ]);
  });
});

describe('a hold paid with Pay Now, then cancelled', () => {
  const itinerary = {
    slices: [],
    conditions: { refundable: true, cancellation_options: [] },
    supplied: { amount: '450.00', currency: 'USD' },
    passengers: [{ id: 'pas_1', type: 'adult' as const }],
  };
  const PAY_BY = '2026-11-23T12:00:00.000Z';
  /** Held at 450.00 (517.50 to the traveller), repriced by the airline to 480.00 (552.00), paid, and a bag bought. */
  const paidHold = (): BookingEvent[] => [
    ev.started({ itinerary }),
    ev.passengers(),
    { type: 'HoldRequested', data: { paymentRequiredBy: PAY_BY, priceGuaranteeExpiresAt: null, at: T0 } },
    {
      type: 'OrderHeld',
      data: {
        orderId: 'ord_hold',
        bookingReference: 'HLD123',
        providerTotal: usd(45_000),
        price: usd(51_750),
        paymentRequiredBy: PAY_BY,
        priceGuaranteeExpiresAt: null,
        at: LATER,
      },
    },
    { type: 'HoldPriceChanged', data: { providerTotal: usd(48_000), price: usd(55_200), at: LATER } },
    { type: 'HoldPaymentAuthorized', data: { paymentId: 'pi_1', amount: usd(55_200), cardLast4: '4242', at: LATER } },
    { type: 'HoldPaid', data: { airlinePaymentId: 'pay_1', amount: usd(48_000), at: LATER } },
    { type: 'PaymentCaptured', data: { paymentId: 'pi_1', amount: usd(55_200), fee: null, at: LATER } },
    { type: 'BookingConfirmed', data: { orderId: 'ord_hold', bookingReference: 'HLD123', at: LATER } },
    ...paidBag(),
  ];

  it('keeps only the markup on the price the airline was paid, and refunds the bag whole', () => {
    const state = foldBooking(paidHold()) as Confirmed;
    expect(state.phase).toBe('confirmed');
    // The airline refunds its 480.00 and the bag's 45.00: the service fee is 552.00 - 480.00, no more.
    expect(refundBreakdown(state, 52_500, true)).toEqual({ refund: 52_500, airlineFee: 0, serviceFee: 7_200 });
    expect(planRefunds(state, 52_500)).toEqual([
      { paymentId: 'pi_1', amount: 48_000 },
      { paymentId: 'pi_2', amount: 4_500 },
    ]);
  });
});
