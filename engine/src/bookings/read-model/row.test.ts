import { describe, expect, it } from 'vitest';
import type { BookingEvent, BookingStarted } from '../domain/events.js';
import { bookingRowOf, type BookingRow } from './row.js';

/** The bookings read model's spec: given these events, then this row (or none). */
const T0 = '2026-11-22T12:00:00.000Z';
const T1 = '2026-11-22T12:01:00.000Z';
const T2 = '2026-11-22T12:02:00.000Z';
const usd = (amount: number) => ({ amount, currency: 'USD' });
const sealed = { keyId: 'b1/pas_1', iv: 'aXY=', tag: 'dGFn', data: 'ZGF0YQ==' };

const started: BookingStarted['data'] = {
  bookingId: 'b1',
  brandKey: 'default',
  offerId: 'off_1',
  customerId: null,
  price: usd(55_350),
  offerExpiresAt: '2026-11-22T12:30:00.000Z',
  passportRequired: false,
  cancellable: true,
  departsAt: '2026-12-20T18:05:00.000Z',
  arrivesAt: '2026-12-20T21:05:00.000Z',
  itinerary: null,
  at: T0,
};

const ev = {
  started: (): BookingEvent => ({ type: 'BookingStarted', data: started }),
  passengers: (): BookingEvent => ({
    type: 'PassengersProvided',
    data: { passengers: [{ passengerId: 'pas_1', type: 'adult', pii: sealed }], at: T0 },
  }),
  authorized: (): BookingEvent => ({
    type: 'PaymentAuthorized',
    data: { paymentId: 'pi_1', amount: usd(56_850), cardLast4: '4242', at: T0 },
  }),
  ordered: (): BookingEvent => ({
    type: 'OrderCreated',
    data: { orderId: 'ord_1', bookingReference: 'p5znf7', providerTotal: null, at: T1 },
  }),
  captured: (): BookingEvent => ({
    type: 'PaymentCaptured',
    data: { paymentId: 'pi_1', amount: usd(56_850), fee: null, at: T1 },
  }),
  confirmed: (): BookingEvent => ({
    type: 'BookingConfirmed',
    data: { orderId: 'ord_1', bookingReference: 'p5znf7', at: T1 },
  }),
};

function given(...events: Array<BookingEvent | [BookingEvent, string]>) {
  const row = bookingRowOf(
    events.map((entry) => (Array.isArray(entry) ? { event: entry[0], at: entry[1] } : { event: entry, at: T0 })),
  );
  return {
    then: (expected: Partial<BookingRow> | null) =>
      expected ? expect(row).toMatchObject(expected) : expect(row).toBeNull(),
  };
}

describe('the bookings read model', () => {
  it('has no row before the booking starts', () => {
    given(ev.passengers()).then(null);
  });

  it('shows a checkout as pending, at its price, with its sealed passengers', () =>
    given(ev.started(), ev.passengers()).then({
      bookingId: 'b1',
      status: 'pending',
      total: usd(55_350),
      cancellable: true,
      reference: null,
      passengers: [{ passengerId: 'pas_1', type: 'adult', pii: sealed }],
      createdAt: T0,
      updatedAt: T0,
    }));

  it('shows what was paid once the card is authorized', () =>
    given(ev.started(), ev.passengers(), ev.authorized()).then({
      total: usd(56_850),
      paymentId: 'pi_1',
      paymentStatus: 'authorized',
      cardLast4: '4242',
    }));

  it('confirms with the provider reference in its shown form', () =>
    given(
      ev.started(),
      ev.passengers(),
      ev.authorized(),
      [ev.ordered(), T1],
      [ev.captured(), T1],
      [ev.confirmed(), T2],
    ).then({
      status: 'confirmed',
      orderId: 'ord_1',
      providerReference: 'p5znf7',
      reference: 'P5ZNF7',
      paymentStatus: 'captured',
      confirmedAt: T2,
      updatedAt: T2,
    }));

  it('fails a checkout once, keeping the first reason', () =>
    given(
      ev.started(),
      ev.authorized(),
      { type: 'OrderFailed', data: { reason: 'offer_no_longer_available', code: null, failureCode: null, at: T1 } },
      { type: 'PaymentVoided', data: { paymentId: 'pi_1', reason: 'order failed', at: T1 } },
    ).then({ status: 'failed', failure: 'offer_no_longer_available', failureCode: null, paymentStatus: 'voided' }));

  it('keeps what the traveller is told of a failed checkout: a price change apart from an expiry', () => {
    given(ev.started(), ev.authorized(), {
      type: 'OrderFailed',
      data: {
        reason: 'The price of this offer has changed',
        code: 'price_changed',
        failureCode: 'PRICE_CHANGED',
        at: T1,
      },
    }).then({ status: 'failed', failureCode: 'PRICE_CHANGED' });
    given(ev.started(), { type: 'OfferExpired', data: { offerId: 'off_1', reason: 'expired', at: T1 } }).then({
      status: 'failed',
      failureCode: 'OFFER_EXPIRED',
    });
  });

  it('says a checkout waits for an airline that is not answering, until it is ordered or fails', () => {
    const delayed: BookingEvent = {
      type: 'OrderDelayed',
      data: { reason: 'The flight provider could not be reached', round: 1, retryAt: T2, at: T1 },
    };
    const checkout = [ev.started(), ev.passengers(), ev.authorized()];
    given(...checkout).then({ pendingReason: null });
    given(...checkout, [delayed, T1]).then({
      status: 'pending',
      pendingReason: 'airline-not-answering',
      updatedAt: T1,
    });
    given(...checkout, delayed, ev.ordered()).then({ status: 'pending', pendingReason: null });
    given(...checkout, delayed, ev.ordered(), ev.captured(), ev.confirmed()).then({
      status: 'confirmed',
      pendingReason: null,
    });
    given(...checkout, delayed, {
      type: 'OfferExpired',
      data: { offerId: 'off_1', reason: 'expired', at: T2 },
    }).then({ status: 'failed', pendingReason: null });
  });

  it('moves departure and arrival when the airline reschedules the trip', () =>
    given(ev.started(), ev.authorized(), ev.ordered(), ev.captured(), ev.confirmed(), {
      type: 'TripRescheduled',
      data: {
        departsAt: '2026-12-21T09:00:00.000Z',
        arrivesAt: '2026-12-21T12:00:00.000Z',
        reason: 'the airline moved the flight',
        at: T2,
      },
    }).then({ departsAt: '2026-12-21T09:00:00.000Z', arrivesAt: '2026-12-21T12:00:00.000Z', status: 'confirmed' }));

  it('shows a cancellation under way as pending, then cancelled; a refused one as confirmed again', () => {
    const confirmed = [ev.started(), ev.authorized(), ev.ordered(), ev.captured(), ev.confirmed()];
    const requested: BookingEvent = {
      type: 'CancellationRequested',
      data: { requestedBy: 'u1', quoteId: null, at: T2 },
    };
    given(...confirmed, requested).then({ status: 'pending' });
    given(...confirmed, requested, { type: 'CancellationFailed', data: { reason: 'no', at: T2 } }).then({
      status: 'confirmed',
    });
    given(...confirmed, requested, { type: 'BookingCancelled', data: { at: T2 } }).then({ status: 'cancelled' });
  });

  it('gives a signed-out booking to its new account, and leaves the row alone for events it does not show', () => {
    given(ev.started(), { type: 'CustomerAttached', data: { customerId: 'u9', at: T1 } }).then({ customerId: 'u9' });
    given(ev.started(), [
      {
        type: 'PaymentDeclined',
        data: { code: 'card_declined', declineCode: null, message: 'no', cardLast4: null, at: T2 },
      },
      T2,
    ]).then({ updatedAt: T0 });
  });
});
