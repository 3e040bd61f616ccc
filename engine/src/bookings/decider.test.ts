import { describe, expect, it } from 'vitest';
import type { BookingCommand } from './commands.js';
import { BookingRefused, decide, decideAll, orderCreationRefusal, type RefusalCode } from './decider.js';
import type { BookingEvent, BookingStarted } from './events.js';
import { foldBooking } from './state.js';

const T0 = '2026-11-22T12:00:00.000Z';
const LATER = '2026-11-22T12:10:00.000Z';
const EXPIRES = '2026-11-22T12:30:00.000Z';
const AFTER_EXPIRY = '2026-11-22T12:31:00.000Z';
const DEPARTS = '2026-12-20T18:05:00.000Z';
const ARRIVES = '2026-12-21T06:00:00.000Z';

const sealed = (passengerId: string) => ({ keyId: `b1/${passengerId}`, iv: 'aXY=', tag: 'dGFn', data: 'ZGF0YQ==' });
const usd = (amount: number) => ({ amount, currency: 'USD' });

const startData: BookingStarted['data'] = {
  bookingId: 'b1',
  brandKey: 'default',
  offerId: 'off_1',
  customerId: null,
  price: usd(55_350),
  offerExpiresAt: EXPIRES,
  passportRequired: false,
  cancellable: true,
  departsAt: DEPARTS,
  arrivesAt: ARRIVES,
  at: T0,
};

const ev = {
  started: (overrides: Partial<BookingStarted['data']> = {}): BookingEvent => ({
    type: 'BookingStarted',
    data: { ...startData, ...overrides },
  }),
  passengers: (): BookingEvent => ({
    type: 'PassengersProvided',
    data: {
      passengers: [
        { passengerId: 'pas_1', type: 'adult', pii: sealed('pas_1') },
        { passengerId: 'pas_2', type: 'child', pii: sealed('pas_2') },
      ],
      at: T0,
    },
  }),
  seat: (): BookingEvent => ({
    type: 'SeatsSelected',
    data: {
      seats: [{ passengerId: 'pas_1', segmentId: 'seg_1', designator: '12A', serviceId: 'ase_1', price: usd(1_500) }],
      at: T0,
    },
  }),
  authorized: (amount = 55_350): BookingEvent => ({
    type: 'PaymentAuthorized',
    data: { paymentId: 'pi_1', amount: usd(amount), cardLast4: '4242', at: T0 },
  }),
  ordered: (): BookingEvent => ({
    type: 'OrderCreated',
    data: { orderId: 'ord_0000abcdef', bookingReference: 'ORD_0000', at: LATER },
  }),
  captured: (): BookingEvent => ({
    type: 'PaymentCaptured',
    data: { paymentId: 'pi_1', amount: usd(55_350), at: LATER },
  }),
  confirmed: (): BookingEvent => ({
    type: 'BookingConfirmed',
    data: { orderId: 'ord_0000abcdef', bookingReference: 'ORD_0000', at: LATER },
  }),
  cancelling: (): BookingEvent => ({ type: 'CancellationRequested', data: { requestedBy: 'u1', at: LATER } }),
  orderCancelled: (refund = 40_000): BookingEvent => ({
    type: 'OrderCancelled',
    data: { cancellationId: 'ore_1', refund: usd(refund), at: LATER },
  }),
  cancelled: (): BookingEvent => ({ type: 'BookingCancelled', data: { at: LATER } }),
  voided: (): BookingEvent => ({
    type: 'PaymentVoided',
    data: { paymentId: 'pi_1', reason: 'order failed', at: LATER },
  }),
  orderFailed: (): BookingEvent => ({
    type: 'OrderFailed',
    data: { reason: 'offer_no_longer_available', code: 'offer_no_longer_available', at: LATER },
  }),
};

const checkout = () => [ev.started(), ev.passengers(), ev.authorized()];
const confirmedBooking = () => [...checkout(), ev.ordered(), ev.captured(), ev.confirmed()];

/** Given these events, when this command: then these events, or this refusal. */
function given(events: BookingEvent[]) {
  const state = foldBooking(events);
  return {
    when(command: BookingCommand) {
      return {
        then: (expected: BookingEvent[]) => expect(decide(command, state)).toEqual(expected),
        thenRefused: (code: RefusalCode) => {
          let error: unknown;
          try {
            decide(command, state);
          } catch (caught) {
            error = caught;
          }
          expect(error).toBeInstanceOf(BookingRefused);
          expect((error as BookingRefused).code).toBe(code);
        },
      };
    },
  };
}

type CommandOf<T extends BookingCommand['type']> = Extract<BookingCommand, { type: T }>;
type WithoutAt<D> = D extends unknown ? Omit<D, 'at'> : never;
const cmd = <T extends BookingCommand['type']>(
  type: T,
  data: WithoutAt<CommandOf<T>['data']>,
  at = LATER,
): CommandOf<T> => ({ type, data: { ...data, at } }) as unknown as CommandOf<T>;

describe('starting a booking', () => {
  const { at: _at, ...start } = startData;
  it('starts', () =>
    given([])
      .when(cmd('StartBooking', start, T0))
      .then([ev.started()]));
  it('refuses an expired offer', () =>
    given([])
      .when(cmd('StartBooking', start, EXPIRES))
      .thenRefused('OFFER_EXPIRED'));
  it('refuses a second start', () =>
    given([ev.started()])
      .when(cmd('StartBooking', start, T0))
      .thenRefused('ALREADY_STARTED'));
  it('refuses a price that is not a positive integer of minor units', () => {
    given([])
      .when(cmd('StartBooking', { ...start, price: usd(10.5) }, T0))
      .thenRefused('INVALID_AMOUNT');
    given([])
      .when(cmd('StartBooking', { ...start, price: usd(0) }, T0))
      .thenRefused('INVALID_AMOUNT');
    given([])
      .when(cmd('StartBooking', { ...start, price: { amount: 1, currency: 'usd' } }, T0))
      .thenRefused('INVALID_AMOUNT');
  });
  it('refuses any other command before the start', () => {
    given([]).when(cmd('ConfirmBooking', {})).thenRefused('NOT_STARTED');
    given([])
      .when(cmd('VerifyOffer', { result: 'expired' }))
      .thenRefused('NOT_STARTED');
  });
});

describe('verifying the offer', () => {
  it('records a verified offer with its new expiry and price', () =>
    given([ev.started()])
      .when(cmd('VerifyOffer', { result: 'valid', price: usd(56_000), expiresAt: '2026-11-22T13:00:00.000Z' }))
      .then([
        {
          type: 'OfferVerified',
          data: { offerId: 'off_1', price: usd(56_000), expiresAt: '2026-11-22T13:00:00.000Z', at: LATER },
        },
      ]));
  it('records an expired or unavailable offer', () => {
    given([ev.started()])
      .when(cmd('VerifyOffer', { result: 'expired' }))
      .then([{ type: 'OfferExpired', data: { offerId: 'off_1', reason: 'expired', at: LATER } }]);
    given([ev.started()])
      .when(cmd('VerifyOffer', { result: 'unavailable' }))
      .then([{ type: 'OfferExpired', data: { offerId: 'off_1', reason: 'unavailable', at: LATER } }]);
  });
  it('treats a "valid" answer past its own expiry as expired', () =>
    given([ev.started()])
      .when(cmd('VerifyOffer', { result: 'valid', price: usd(1), expiresAt: EXPIRES }, AFTER_EXPIRY))
      .then([{ type: 'OfferExpired', data: { offerId: 'off_1', reason: 'expired', at: AFTER_EXPIRY } }]));
  it('changes nothing once expired or ordered', () => {
    given([ev.started(), { type: 'OfferExpired', data: { offerId: 'off_1', reason: 'expired', at: LATER } }])
      .when(cmd('VerifyOffer', { result: 'expired' }))
      .then([]);
    given([...checkout(), ev.ordered()])
      .when(cmd('VerifyOffer', { result: 'unavailable' }))
      .then([]);
  });
  it('fails the checkout when the offer expires', () => {
    const state = foldBooking([
      ...checkout(),
      { type: 'OfferExpired', data: { offerId: 'off_1', reason: 'expired', at: LATER } },
    ]);
    expect(state.phase).toBe('failed');
    expect(orderCreationRefusal(state, LATER)?.code).toBe('BOOKING_FAILED');
  });
});

describe('passengers and seats', () => {
  const passengers = (ev.passengers() as Extract<BookingEvent, { type: 'PassengersProvided' }>).data.passengers;
  it('records sealed passengers', () =>
    given([ev.started()])
      .when(cmd('ProvidePassengers', { passengers }, T0))
      .then([ev.passengers()]));
  it('refuses none, or the same id twice', () => {
    given([ev.started()])
      .when(cmd('ProvidePassengers', { passengers: [] }))
      .thenRefused('NO_PASSENGERS');
    given([ev.started()])
      .when(cmd('ProvidePassengers', { passengers: [passengers[0]!, passengers[0]!] }))
      .thenRefused('UNKNOWN_PASSENGER');
  });
  it('refuses changes once paid', () => {
    given(checkout()).when(cmd('ProvidePassengers', { passengers })).thenRefused('CHECKOUT_CLOSED');
    given(checkout())
      .when(cmd('SelectSeats', { seats: [] }))
      .thenRefused('CHECKOUT_CLOSED');
  });
  it('records seats of known passengers', () => {
    const seats = (ev.seat() as Extract<BookingEvent, { type: 'SeatsSelected' }>).data.seats;
    given([ev.started(), ev.passengers()])
      .when(cmd('SelectSeats', { seats }, T0))
      .then([ev.seat()]);
  });
  it('refuses seats of unknown passengers, doubled seats and foreign prices', () => {
    const seat = { passengerId: 'pas_1', segmentId: 'seg_1', designator: '12A', serviceId: 'ase_1', price: usd(1_500) };
    const base = [ev.started(), ev.passengers()];
    given(base)
      .when(cmd('SelectSeats', { seats: [{ ...seat, passengerId: 'pas_9' }] }))
      .thenRefused('UNKNOWN_PASSENGER');
    given(base)
      .when(cmd('SelectSeats', { seats: [seat, { ...seat, designator: '12B' }] }))
      .thenRefused('INVALID_SEATS');
    given(base)
      .when(cmd('SelectSeats', { seats: [seat, { ...seat, passengerId: 'pas_2' }] }))
      .thenRefused('INVALID_SEATS');
    given(base)
      .when(cmd('SelectSeats', { seats: [{ ...seat, price: { amount: 1_500, currency: 'EUR' } }] }))
      .thenRefused('INVALID_SEATS');
  });
});

describe('payment authorization', () => {
  const auth = (amount: number, currency = 'USD', paymentId = 'pi_1', cardLast4 = '4242') =>
    cmd('RecordPaymentAuthorization', { paymentId, amount: { amount, currency }, cardLast4 }, T0);
  it('records an authorization of exactly the price', () =>
    given([ev.started(), ev.passengers()]).when(auth(55_350)).then([ev.authorized()]));
  it('includes the seats in the price', () =>
    given([ev.started(), ev.passengers(), ev.seat()])
      .when(auth(56_850))
      .then([ev.authorized(56_850)]));
  it('refuses an amount or currency mismatch', () => {
    given([ev.started(), ev.passengers()]).when(auth(55_349)).thenRefused('AMOUNT_MISMATCH');
    given([ev.started(), ev.passengers()]).when(auth(55_350, 'EUR')).thenRefused('AMOUNT_MISMATCH');
    given([ev.started(), ev.passengers(), ev.seat()]).when(auth(55_350)).thenRefused('AMOUNT_MISMATCH');
  });
  it('refuses an expired offer', () => {
    given([ev.started(), ev.passengers()])
      .when({ ...auth(55_350), data: { ...auth(55_350).data, at: EXPIRES } })
      .thenRefused('OFFER_EXPIRED');
  });
  it('refuses a payment without passengers', () =>
    given([ev.started()]).when(auth(55_350)).thenRefused('NO_PASSENGERS'));
  it('keeps only four digits of a card', () => {
    given([ev.started(), ev.passengers()])
      .when(auth(55_350, 'USD', 'pi_1', '4242424242424242'))
      .thenRefused('INVALID_CARD_LAST4');
  });
  it('ignores the same authorization twice and refuses a second one', () => {
    given(checkout()).when(auth(55_350)).then([]);
    given(checkout())
      .when(auth(55_350, 'USD', 'pi_2'))
      .thenRefused('PAYMENT_ALREADY_AUTHORIZED');
  });
  it('records a decline, with at most the last four digits', () => {
    const decline = {
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
      cardLast4: '9995',
    };
    given([ev.started(), ev.passengers()])
      .when(cmd('RecordPaymentDecline', decline))
      .then([{ type: 'PaymentDeclined', data: { ...decline, at: LATER } }]);
    given([ev.started()])
      .when(cmd('RecordPaymentDecline', { ...decline, cardLast4: '4000000000009995' }))
      .thenRefused('INVALID_CARD_LAST4');
    given(checkout()).when(cmd('RecordPaymentDecline', decline)).thenRefused('PAYMENT_ALREADY_AUTHORIZED');
  });
  it('still accepts an authorization after a decline', () => {
    const declined: BookingEvent = {
      type: 'PaymentDeclined',
      data: {
        code: 'card_declined',
        declineCode: 'generic_decline',
        message: 'Your card was declined.',
        cardLast4: '0002',
        at: T0,
      },
    };
    given([ev.started(), ev.passengers(), declined]).when(auth(55_350)).then([ev.authorized()]);
  });
});

describe('order, capture and confirmation', () => {
  const created = cmd('RecordOrderCreated', { orderId: 'ord_0000abcdef', bookingReference: 'ORD_0000' });
  const capture = (amount = 55_350, paymentId = 'pi_1') =>
    cmd('RecordPaymentCapture', { paymentId, amount: usd(amount) });
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
      .when(cmd('RecordOrderCreated', { orderId: 'ord_2', bookingReference: 'ORD_2' }))
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
      .when(cmd('RecordOrderFailure', { reason: 'offer_no_longer_available', code: 'offer_no_longer_available' }))
      .then([ev.orderFailed()]);
    given([...checkout(), ev.orderFailed()])
      .when(cmd('RecordOrderFailure', { reason: 'x', code: null }))
      .then([]);
    given([...checkout(), ev.ordered()])
      .when(cmd('RecordOrderFailure', { reason: 'x', code: null }))
      .thenRefused('ORDER_ALREADY_CREATED');
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

describe('cancellation', () => {
  const request = cmd('RequestCancellation', { requestedBy: 'u1' });
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
      .when(cmd('RecordOrderCancelled', { cancellationId: 'ore_1', refund: usd(40_000) }))
      .then([ev.orderCancelled()]);
    given([...confirmedBooking(), ev.cancelling(), ev.orderCancelled()])
      .when(cmd('RecordRefund', { refundId: 're_1', paymentId: 'pi_1', amount: usd(40_000) }))
      .then([
        { type: 'RefundIssued', data: { refundId: 're_1', paymentId: 'pi_1', amount: usd(40_000), at: LATER } },
        ev.cancelled(),
      ]);
  });
  it('cancels at once when nothing is refunded', () =>
    given([...confirmedBooking(), ev.cancelling()])
      .when(cmd('RecordOrderCancelled', { cancellationId: 'ore_1', refund: usd(0) }))
      .then([ev.orderCancelled(0), ev.cancelled()]));
  it('refuses an order cancellation nobody asked for, and ignores a repeated one', () => {
    given(confirmedBooking())
      .when(cmd('RecordOrderCancelled', { cancellationId: 'ore_1', refund: usd(0) }))
      .thenRefused('NO_CANCELLATION');
    given([...confirmedBooking(), ev.cancelling(), ev.orderCancelled()])
      .when(cmd('RecordOrderCancelled', { cancellationId: 'ore_1', refund: usd(1) }))
      .then([]);
  });
  it('refuses a refund before the order is cancelled, or larger than the capture', () => {
    const refund = (amount: number) =>
      cmd('RecordRefund', { refundId: 're_1', paymentId: 'pi_1', amount: usd(amount) });
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
    expect(foldBooking([...events, erased]).erasedPassengerIds).toEqual(['pas_2']);
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
        cmd('RecordOrderCreated', { orderId: 'ord_0000abcdef', bookingReference: 'ORD_0000' }),
        cmd('RecordPaymentCapture', { paymentId: 'pi_1', amount: usd(55_350) }),
        cmd('ConfirmBooking', {}),
        cmd('RequestCancellation', { requestedBy: 'u1' }),
        cmd('RecordOrderCancelled', { cancellationId: 'ore_1', refund: usd(55_350) }),
        cmd('RecordRefund', { refundId: 're_1', paymentId: 'pi_1', amount: usd(55_350) }),
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
