import { describe, expect, it } from 'vitest';
import { orderCreationRefusal } from './decider.js';
import { parseBookingEvent, type BookingEvent } from './events.js';
import { foldBooking } from './state.js';
import { checkout, cmd, confirmedBooking, ev, EXPIRES, given, LATER, usd } from '../test-support/decider-spec.js';

describe('order, capture and confirmation', () => {
  const created = cmd('RecordOrderCreated', {
    orderId: 'ord_0000abcdef',
    bookingReference: 'ORD_0000',
    providerTotal: usd(45_000),
  });
  const capture = (amount = 55_350, paymentId = 'pi_1') =>
    cmd('RecordPaymentCapture', { paymentId, amount: usd(amount), fee: usd(1_635) });
  it('may create the order only for a live, paid checkout', () => {
    expect(orderCreationRefusal(foldBooking(checkout()), LATER)).toBeNull();
    expect(orderCreationRefusal(foldBooking(checkout()), EXPIRES)?.code).toBe('OFFER_EXPIRED');
    expect(orderCreationRefusal(foldBooking([ev.started(), ev.passengers()]), LATER)?.code).toBe(
      'PAYMENT_NOT_AUTHORIZED',
    );
    expect(orderCreationRefusal(foldBooking([...checkout(), ev.ordered()]), LATER)?.code).toBe('ORDER_ALREADY_CREATED');
    expect(orderCreationRefusal(foldBooking(confirmedBooking()), LATER)?.code).toBe('ALREADY_CONFIRMED');
  });
  it('records the order', () => given(checkout()).when(created).then([ev.ordered()]));
  it('ignores the same order again and refuses a different one', () => {
    given([...checkout(), ev.ordered()])
      .when(created)
      .then([]);
    given([...checkout(), ev.ordered()])
      .when(cmd('RecordOrderCreated', { orderId: 'ord_2', bookingReference: 'ORD_2', providerTotal: usd(45_000) }))
      .thenRefused('ORDER_ALREADY_CREATED');
  });
  it('refuses an order without an authorized payment', () => {
    given([ev.started(), ev.passengers()]).when(created).thenRefused('PAYMENT_NOT_AUTHORIZED');
    given([...checkout(), ev.voided()])
      .when(created)
      .thenRefused('PAYMENT_NOT_AUTHORIZED');
  });
  it('refuses an order after the booking failed', () =>
    given([...checkout(), ev.orderFailed()])
      .when(created)
      .thenRefused('BOOKING_FAILED'));
  it('records an order failure once', () => {
    given(checkout())
      .when(
        cmd('RecordOrderFailure', {
          reason: 'offer_no_longer_available',
          code: 'offer_no_longer_available',
          failureCode: 'OFFER_EXPIRED',
        }),
      )
      .then([ev.orderFailed()]);
    given([...checkout(), ev.orderFailed()])
      .when(cmd('RecordOrderFailure', { reason: 'x', code: null, failureCode: 'BOOKING_FAILED' }))
      .then([]);
    given([...checkout(), ev.ordered()])
      .when(cmd('RecordOrderFailure', { reason: 'x', code: null, failureCode: 'BOOKING_FAILED' }))
      .thenRefused('ORDER_ALREADY_CREATED');
  });
  it('records what the traveller is told of a failure: a price change is not an expiry', () => {
    given(checkout())
      .when(cmd('RecordOrderFailure', { reason: 'Price changed', code: 'price_changed', failureCode: 'PRICE_CHANGED' }))
      .then([ev.priceChanged()]);
    const failed = foldBooking([...checkout(), ev.priceChanged()]);
    expect(failed).toMatchObject({ phase: 'failed', failureCode: 'PRICE_CHANGED', offerExpired: false });
  });
  it("records a price change's new price, which the failed booking keeps for the traveller", () => {
    const newPrice = { amount: 51_660, currency: 'USD' };
    const changed: BookingEvent = {
      type: 'OrderFailed',
      data: { ...ev.priceChanged().data, newPrice } as Extract<BookingEvent, { type: 'OrderFailed' }>['data'],
    };
    given(checkout())
      .when(
        cmd('RecordOrderFailure', {
          reason: 'Price changed',
          code: 'price_changed',
          failureCode: 'PRICE_CHANGED',
          newPrice,
        }),
      )
      .then([changed]);
    expect(foldBooking([...checkout(), changed])).toMatchObject({ phase: 'failed', newPrice });
    expect(foldBooking([...checkout(), ev.priceChanged()])).not.toHaveProperty('newPrice');
  });
  it('keeps the first failure told, and marks an expiry recorded after it', () => {
    const expiredAfter: BookingEvent = {
      type: 'OfferExpired',
      data: { offerId: 'off_1', reason: 'expired', at: LATER },
    };
    expect(foldBooking([...checkout(), ev.priceChanged(), expiredAfter])).toMatchObject({
      failureCode: 'PRICE_CHANGED',
      offerExpired: true,
    });
    expect(foldBooking([...checkout(), expiredAfter])).toMatchObject({ failureCode: 'OFFER_EXPIRED' });
  });
  it('reads an order failure recorded before failure codes, without one', () => {
    const old = parseBookingEvent({
      type: 'OrderFailed',
      data: { reason: 'Price changed', code: 'price_changed', at: LATER },
    });
    // Upcast (booking-upcasters.ts): the old shape's missing code reads as "none recorded".
    expect(old.data).toHaveProperty('failureCode', null);
    expect(foldBooking([...checkout(), old])).toMatchObject({ phase: 'failed', failureCode: null });
  });
  it('captures once the order exists', () =>
    given([...checkout(), ev.ordered()])
      .when(capture())
      .then([ev.captured()]));
  it('refuses a capture without an order', () => given(checkout()).when(capture()).thenRefused('NO_ORDER'));
  it('refuses a capture of another payment, another amount, or a voided one', () => {
    given([...checkout(), ev.ordered()])
      .when(capture(55_350, 'pi_2'))
      .thenRefused('PAYMENT_MISMATCH');
    given([...checkout(), ev.ordered()])
      .when(capture(55_000))
      .thenRefused('AMOUNT_MISMATCH');
    given([...checkout(), ev.voided()])
      .when(capture())
      .thenRefused('PAYMENT_NOT_AUTHORIZED');
    given([ev.started()]).when(capture()).thenRefused('PAYMENT_NOT_AUTHORIZED');
  });
  it('ignores a repeated capture', () =>
    given([...checkout(), ev.ordered(), ev.captured()])
      .when(capture())
      .then([]));
  it('confirms a booking with an order and a captured payment', () =>
    given([...checkout(), ev.ordered(), ev.captured()])
      .when(cmd('ConfirmBooking', {}))
      .then([ev.confirmed()]));
  it('refuses to confirm without a captured payment', () =>
    given([...checkout(), ev.ordered()])
      .when(cmd('ConfirmBooking', {}))
      .thenRefused('PAYMENT_NOT_CAPTURED'));
  it('refuses to confirm without an order', () =>
    given(checkout()).when(cmd('ConfirmBooking', {})).thenRefused('NO_ORDER'));
  it('refuses a second confirmation', () =>
    given(confirmedBooking()).when(cmd('ConfirmBooking', {})).thenRefused('ALREADY_CONFIRMED'));
  it('refuses to confirm a failed booking', () =>
    given([...checkout(), ev.orderFailed()])
      .when(cmd('ConfirmBooking', {}))
      .thenRefused('BOOKING_FAILED'));
});

describe('voiding', () => {
  const voidIt = (paymentId = 'pi_1') => cmd('RecordPaymentVoid', { paymentId, reason: 'order failed' });
  it('voids an authorization and fails the checkout', () => {
    given([...checkout(), ev.orderFailed()])
      .when(voidIt())
      .then([ev.voided()]);
    expect(foldBooking([...checkout(), ev.voided()]).phase).toBe('failed');
  });
  it('ignores a repeated void', () =>
    given([...checkout(), ev.voided()])
      .when(voidIt())
      .then([]));
  it('refuses to void a captured payment', () =>
    given([...checkout(), ev.ordered(), ev.captured()])
      .when(voidIt())
      .thenRefused('PAYMENT_ALREADY_CAPTURED'));
  it('refuses to void nothing or another payment', () => {
    given([ev.started()]).when(voidIt()).thenRefused('PAYMENT_NOT_AUTHORIZED');
    given(checkout()).when(voidIt('pi_2')).thenRefused('PAYMENT_MISMATCH');
  });
});
