import { isRefundOverdue } from '@contrail/shared/booking/refund-progress';
import { describe, expect, it } from 'vitest';
import type { BookingEvent } from '../domain/events.js';
import { bookingRowOf } from './row.js';
import { bookingViewOf } from './view.js';

/** Issue 36: a refund tracked to the traveller, derived from the booking's events alone. */
const T0 = '2026-11-01T12:00:00.000Z';
const ASKED = '2026-11-02T09:00:00.000Z';
const AIRLINE_PAID = '2026-11-02T09:05:00.000Z';
const CARD_PAID = '2026-11-04T10:00:00.000Z';
const usd = (amount: number) => ({ amount, currency: 'USD' });

const confirmed: BookingEvent[] = [
  {
    type: 'BookingStarted',
    data: {
      bookingId: 'b1',
      brandKey: 'default',
      offerId: 'off_1',
      customerId: null,
      price: usd(55_350),
      offerExpiresAt: '2026-11-01T12:30:00.000Z',
      passportRequired: false,
      cancellable: true,
      departsAt: '2026-12-20T18:05:00.000Z',
      arrivesAt: '2026-12-20T21:05:00.000Z',
      itinerary: null,
      at: T0,
    },
  },
  { type: 'PaymentAuthorized', data: { paymentId: 'pi_1', amount: usd(55_350), cardLast4: '4242', at: T0 } },
  { type: 'OrderCreated', data: { orderId: 'ord_1', bookingReference: 'p5znf7', providerTotal: null, at: T0 } },
  { type: 'PaymentCaptured', data: { paymentId: 'pi_1', amount: usd(55_350), fee: null, at: T0 } },
  { type: 'BookingConfirmed', data: { orderId: 'ord_1', bookingReference: 'p5znf7', at: T0 } },
  {
    type: 'CancellationQuoted',
    data: {
      quoteId: 'q1',
      airlineRefund: 45_000,
      refund: usd(45_000),
      airlineFee: 0,
      serviceFee: 10_350,
      markupKeptOnRefund: true,
      expiresAt: '2026-11-02T10:00:00.000Z',
      at: ASKED,
    },
  },
  { type: 'CancellationRequested', data: { requestedBy: 'u1', quoteId: 'q1', at: ASKED } },
];
const airlinePaid: BookingEvent = {
  type: 'OrderCancelled',
  data: { cancellationId: 'ore_1', refund: usd(45_000), providerRefund: usd(45_000), at: AIRLINE_PAID },
};
const cardPaid: BookingEvent = {
  type: 'RefundIssued',
  data: { refundId: 're_1', paymentId: 'pi_1', amount: usd(45_000), fee: null, at: CARD_PAID },
};

function progressAfter(events: BookingEvent[], now = new Date(CARD_PAID)) {
  const row = bookingRowOf(events.map((event) => ({ event, at: event.data.at })));
  return bookingViewOf(row!, now, []).bookingData.refund?.progress;
}

describe('a refund tracked to the traveller', () => {
  it('is requested once the traveller asks to cancel, with no date promised until the airline pays', () =>
    expect(progressAfter(confirmed)).toEqual({
      stage: 'requested',
      requestedAt: ASKED,
      airlinePaidAt: null,
      paidAt: null,
      promisedBy: null,
    }));

  it('is with the airline once it cancelled the order, promised 7 days after the airline paid', () =>
    expect(progressAfter([...confirmed, airlinePaid])).toMatchObject({
      stage: 'with_airline',
      airlinePaidAt: AIRLINE_PAID,
      promisedBy: '2026-11-09T09:05:00.000Z',
    }));

  it('is paid once the card is refunded', () =>
    expect(progressAfter([...confirmed, airlinePaid, cardPaid])).toMatchObject({
      stage: 'paid',
      paidAt: CARD_PAID,
      promisedBy: '2026-11-09T09:05:00.000Z',
    }));

  it('is overdue 7 days after the airline paid while the traveller is unpaid, never once paid', () => {
    const waiting = progressAfter([...confirmed, airlinePaid])!;
    expect(isRefundOverdue(waiting, new Date('2026-11-09T09:04:00.000Z'))).toBe(false);
    expect(isRefundOverdue(waiting, new Date('2026-11-09T09:06:00.000Z'))).toBe(true);
    const paid = progressAfter([...confirmed, airlinePaid, cardPaid])!;
    expect(isRefundOverdue(paid, new Date('2026-12-01T00:00:00.000Z'))).toBe(false);
  });

  it('tracks nothing when nothing is refunded, nor a quote nobody asked for', () => {
    const zero: BookingEvent = { ...airlinePaid, data: { ...airlinePaid.data, refund: usd(0) } } as BookingEvent;
    expect(progressAfter([...confirmed, zero])).toBeUndefined();
    const row = bookingRowOf(confirmed.slice(0, -1).map((event) => ({ event, at: event.data.at })));
    expect(bookingViewOf(row!, new Date(CARD_PAID), []).bookingData.refund).toBeNull();
  });
});
