import { describe, expect, it } from 'vitest';
import { decideAll } from './decider.js';
import type { BookingEvent } from './events.js';
import { foldBooking, type StartedState } from './state.js';
import {
  ARRIVES,
  checkout,
  cmd,
  confirmedBooking,
  DEPARTS,
  ev,
  EXPIRES,
  given,
  LATER,
  startData,
  T0,
  usd,
} from '../test-support/decider-spec.js';

describe('cancellation', () => {
  const request = cmd('RequestCancellation', { requestedBy: 'u1', quoteId: null });
  it('starts a cancellation of a confirmed, cancellable booking', () =>
    given(confirmedBooking()).when(request).then([ev.cancelling()]));
  it('refuses a non-refundable booking', () => {
    const events = confirmedBooking();
    events[0] = ev.started({ cancellable: false });
    given(events).when(request).thenRefused('NOT_REFUNDABLE');
  });
  it('refuses a cancelled booking, and one being cancelled', () => {
    given([...confirmedBooking(), ev.cancelling(), ev.orderCancelled(0), ev.cancelled()])
      .when(request)
      .thenRefused('ALREADY_CANCELLED');
    given([...confirmedBooking(), ev.cancelling()])
      .when(request)
      .thenRefused('CANCELLATION_IN_PROGRESS');
  });
  it('refuses an unconfirmed booking and a departed trip', () => {
    given(checkout()).when(request).thenRefused('NOT_CONFIRMED');
    given(confirmedBooking())
      .when({ ...request, data: { ...request.data, at: DEPARTS } })
      .thenRefused('ALREADY_DEPARTED');
  });
  it('returns to confirmed when the provider refuses', () => {
    given([...confirmedBooking(), ev.cancelling()])
      .when(cmd('RecordCancellationFailure', { reason: 'airline refused' }))
      .then([{ type: 'CancellationFailed', data: { reason: 'airline refused', at: LATER } }]);
    expect(
      foldBooking([
        ...confirmedBooking(),
        ev.cancelling(),
        { type: 'CancellationFailed', data: { reason: 'x', at: LATER } },
      ]).phase,
    ).toBe('confirmed');
    given(confirmedBooking())
      .when(cmd('RecordCancellationFailure', { reason: 'x' }))
      .thenRefused('NO_CANCELLATION');
  });
  it('records the order cancellation, then the refund cancels the booking', () => {
    given([...confirmedBooking(), ev.cancelling()])
      .when(cmd('RecordOrderCancelled', { cancellationId: 'ore_1', refund: usd(40_000), providerRefund: usd(40_000) }))
      .then([ev.orderCancelled()]);
    given([...confirmedBooking(), ev.cancelling(), ev.orderCancelled()])
      .when(cmd('RecordRefund', { refundId: 're_1', paymentId: 'pi_1', amount: usd(40_000), fee: null }))
      .then([
        {
          type: 'RefundIssued',
          data: { refundId: 're_1', paymentId: 'pi_1', amount: usd(40_000), fee: null, at: LATER },
        },
        ev.cancelled(),
      ]);
  });
  it('cancels at once when nothing is refunded', () =>
    given([...confirmedBooking(), ev.cancelling()])
      .when(cmd('RecordOrderCancelled', { cancellationId: 'ore_1', refund: usd(0), providerRefund: usd(0) }))
      .then([ev.orderCancelled(0), ev.cancelled()]));
  it('refuses an order cancellation nobody asked for, and ignores a repeated one', () => {
    given(confirmedBooking())
      .when(cmd('RecordOrderCancelled', { cancellationId: 'ore_1', refund: usd(0), providerRefund: usd(0) }))
      .thenRefused('NO_CANCELLATION');
    given([...confirmedBooking(), ev.cancelling(), ev.orderCancelled()])
      .when(cmd('RecordOrderCancelled', { cancellationId: 'ore_1', refund: usd(1), providerRefund: usd(1) }))
      .then([]);
  });
  it('refuses a refund before the order is cancelled, or larger than the capture', () => {
    const refund = (amount: number) =>
      cmd('RecordRefund', { refundId: 're_1', paymentId: 'pi_1', amount: usd(amount), fee: null });
    given([...confirmedBooking(), ev.cancelling()])
      .when(refund(1))
      .thenRefused('ORDER_NOT_CANCELLED');
    given([...confirmedBooking(), ev.cancelling(), ev.orderCancelled()])
      .when(refund(55_351))
      .thenRefused('REFUND_TOO_LARGE');
  });
});

describe('completion', () => {
  const complete = (at: string) => cmd('CompleteBooking', {}, at);
  it('completes a confirmed trip once its last flight has landed', () =>
    given(confirmedBooking())
      .when(complete(ARRIVES))
      .then([{ type: 'BookingCompleted', data: { at: ARRIVES } }]));
  it('refuses before landing, unconfirmed and cancelled bookings', () => {
    given(confirmedBooking()).when(complete(DEPARTS)).thenRefused('TRIP_NOT_OVER');
    given(checkout()).when(complete(ARRIVES)).thenRefused('NOT_CONFIRMED');
    given([...confirmedBooking(), ev.cancelling(), ev.orderCancelled(0), ev.cancelled()])
      .when(complete(ARRIVES))
      .thenRefused('ALREADY_CANCELLED');
  });
  it('ignores a repeated completion', () =>
    given([...confirmedBooking(), { type: 'BookingCompleted', data: { at: ARRIVES } }])
      .when(complete(ARRIVES))
      .then([]));
});

describe('erasing passenger data', () => {
  it('erases one traveller, then the rest, without touching earlier events', () => {
    const events = confirmedBooking();
    given(events)
      .when(cmd('ErasePassengerData', { passengerIds: ['pas_2'] }))
      .then([{ type: 'PassengerDataErased', data: { passengerIds: ['pas_2'], at: LATER } }]);
    const erased: BookingEvent = { type: 'PassengerDataErased', data: { passengerIds: ['pas_2'], at: LATER } };
    given([...events, erased])
      .when(cmd('ErasePassengerData', {}))
      .then([{ type: 'PassengerDataErased', data: { passengerIds: ['pas_1'], at: LATER } }]);
    given([...events, erased])
      .when(cmd('ErasePassengerData', { passengerIds: ['pas_2'] }))
      .then([]);
    expect((foldBooking([...events, erased]) as StartedState).erasedPassengerIds).toEqual(['pas_2']);
  });
  it('refuses an unknown traveller', () =>
    given(confirmedBooking())
      .when(cmd('ErasePassengerData', { passengerIds: ['pas_9'] }))
      .thenRefused('UNKNOWN_PASSENGER'));
});

describe('the whole saga', () => {
  it('runs from start to cancellation, and no event carries a card number', () => {
    const { at: _at, ...start } = startData;
    const passengers = (ev.passengers() as Extract<BookingEvent, { type: 'PassengersProvided' }>).data.passengers;
    const events = decideAll(
      [
        cmd('StartBooking', start, T0),
        cmd('VerifyOffer', { result: 'valid', price: usd(55_350), expiresAt: EXPIRES }, T0),
        cmd('ProvidePassengers', { passengers }, T0),
        cmd('RecordPaymentAuthorization', { paymentId: 'pi_1', amount: usd(55_350), cardLast4: '4242' }, T0),
        cmd('RecordOrderCreated', {
          orderId: 'ord_0000abcdef',
          bookingReference: 'ORD_0000',
          providerTotal: usd(45_000),
        }),
        cmd('RecordPaymentCapture', { paymentId: 'pi_1', amount: usd(55_350), fee: usd(1_635) }),
        cmd('ConfirmBooking', {}),
        cmd('RequestCancellation', { requestedBy: 'u1', quoteId: null }),
        cmd('RecordOrderCancelled', { cancellationId: 'ore_1', refund: usd(55_350), providerRefund: usd(55_350) }),
        cmd('RecordRefund', { refundId: 're_1', paymentId: 'pi_1', amount: usd(55_350), fee: null }),
      ],
      foldBooking([]),
    );
    expect(events.map((event) => event.type)).toEqual([
      'BookingStarted',
      'OfferVerified',
      'PassengersProvided',
      'PaymentAuthorized',
      'OrderCreated',
      'PaymentCaptured',
      'BookingConfirmed',
      'CancellationRequested',
      'OrderCancelled',
      'RefundIssued',
      'BookingCancelled',
    ]);
    expect(foldBooking(events).phase).toBe('cancelled');
    expect(JSON.stringify(events)).not.toMatch(/\d{12,19}/);
  });
});

describe('attaching a customer', () => {
  it('gives a signed-out booking to the account created for it', () =>
    given(confirmedBooking())
      .when(cmd('AttachCustomer', { customerId: 'u9' }))
      .then([{ type: 'CustomerAttached', data: { customerId: 'u9', at: LATER } }]));
  it('is a no-op for the same account and refused for another', () => {
    given([...confirmedBooking(), { type: 'CustomerAttached', data: { customerId: 'u9', at: LATER } }])
      .when(cmd('AttachCustomer', { customerId: 'u9' }))
      .then([]);
    given([ev.started({ customerId: 'u1' })])
      .when(cmd('AttachCustomer', { customerId: 'u9' }))
      .thenRefused('CUSTOMER_ALREADY_SET');
  });
});
