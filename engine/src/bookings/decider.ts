import type { BookingCommand } from './commands.js';
import type { BookingEvent } from './events.js';
import { formatMoney, isValidMoney, sameMoney, type Money } from './money.js';
import { amountDue, evolve, initialBookingState, type BookingState } from './state.js';

/** Why a command was refused; the stream is unchanged. */
export type RefusalCode =
  | 'ALREADY_STARTED'
  | 'NOT_STARTED'
  | 'INVALID_AMOUNT'
  | 'OFFER_EXPIRED'
  | 'BOOKING_FAILED'
  | 'NO_PASSENGERS'
  | 'UNKNOWN_PASSENGER'
  | 'CHECKOUT_CLOSED'
  | 'INVALID_SEATS'
  | 'AMOUNT_MISMATCH'
  | 'INVALID_CARD_LAST4'
  | 'PAYMENT_ALREADY_AUTHORIZED'
  | 'PAYMENT_NOT_AUTHORIZED'
  | 'PAYMENT_MISMATCH'
  | 'PAYMENT_ALREADY_CAPTURED'
  | 'PAYMENT_NOT_CAPTURED'
  | 'ORDER_ALREADY_CREATED'
  | 'NO_ORDER'
  | 'ALREADY_CONFIRMED'
  | 'NOT_CONFIRMED'
  | 'ALREADY_CANCELLED'
  | 'CANCELLATION_IN_PROGRESS'
  | 'NO_CANCELLATION'
  | 'NOT_REFUNDABLE'
  | 'ALREADY_DEPARTED'
  | 'TRIP_NOT_OVER'
  | 'ORDER_NOT_CANCELLED'
  | 'REFUND_TOO_LARGE'
  | 'CUSTOMER_ALREADY_SET';

export class BookingRefused extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message);
    this.name = 'BookingRefused';
  }
}

const refuse = (code: RefusalCode, message: string): never => {
  throw new BookingRefused(code, message);
};

const isAfterOrAt = (at: string, limit: string) => Date.parse(at) >= Date.parse(limit);

function started(state: BookingState): NonNullable<BookingState['booking']> {
  return state.booking ?? refuse('NOT_STARTED', 'The booking has not been started');
}

/** Checkout commands need a live checkout: started, not failed, no confirmation yet. */
function inCheckout(state: BookingState): NonNullable<BookingState['booking']> {
  const booking = started(state);
  if (state.phase === 'failed') refuse('BOOKING_FAILED', `The booking failed: ${state.failure ?? 'unknown reason'}`);
  if (state.phase !== 'started') refuse('ALREADY_CONFIRMED', 'The booking is already confirmed');
  return booking;
}

function offerStillValid(state: BookingState, at: string): void {
  const booking = started(state);
  if (state.offerExpired || isAfterOrAt(at, booking.offerExpiresAt)) {
    refuse('OFFER_EXPIRED', 'This flight offer has expired. Please return to search and select another flight.');
  }
}

function validMoney(money: Money, what: string): void {
  if (!isValidMoney(money) || money.amount === 0)
    refuse('INVALID_AMOUNT', `${what} must be a positive amount in minor units`);
}

/**
 * The refusal a create-order job must respect before calling the provider: the checkout is live,
 * the offer valid, the payment authorized and no order exists yet. Null when it may go ahead.
 */
export function orderCreationRefusal(state: BookingState, at: string): BookingRefused | null {
  try {
    inCheckout(state);
    offerStillValid(state, at);
    if (state.passengers.length === 0) refuse('NO_PASSENGERS', 'Passengers are required');
    if (state.payment?.status !== 'authorized') refuse('PAYMENT_NOT_AUTHORIZED', 'The payment is not authorized');
    if (state.order) refuse('ORDER_ALREADY_CREATED', 'An order already exists for this booking');
    return null;
  } catch (error) {
    if (error instanceof BookingRefused) return error;
    throw error;
  }
}

/** Decides the events a command produces from the current state, or throws BookingRefused. */
export function decide(command: BookingCommand, state: BookingState): BookingEvent[] {
  const { at } = command.data;
  switch (command.type) {
    case 'StartBooking': {
      if (state.phase !== 'none') refuse('ALREADY_STARTED', 'The booking has already been started');
      validMoney(command.data.price, 'The price');
      if (isAfterOrAt(at, command.data.offerExpiresAt)) {
        refuse('OFFER_EXPIRED', 'This flight offer has expired. Please return to search and select another flight.');
      }
      return [{ type: 'BookingStarted', data: command.data }];
    }

    case 'VerifyOffer': {
      const booking = started(state);
      // Once ordered (or finished), the offer no longer matters; a late recheck changes nothing.
      if (state.order || state.phase !== 'started' || state.offerExpired) return [];
      const { data } = command;
      if (data.result !== 'valid')
        return [{ type: 'OfferExpired', data: { offerId: booking.offerId, reason: data.result, at } }];
      if (isAfterOrAt(at, data.expiresAt))
        return [{ type: 'OfferExpired', data: { offerId: booking.offerId, reason: 'expired', at } }];
      validMoney(data.price, 'The price');
      return [
        { type: 'OfferVerified', data: { offerId: booking.offerId, price: data.price, expiresAt: data.expiresAt, at } },
      ];
    }

    case 'ProvidePassengers': {
      inCheckout(state);
      if (state.payment) refuse('CHECKOUT_CLOSED', 'Passengers cannot change once the payment is authorized');
      const ids = command.data.passengers.map((passenger) => passenger.passengerId);
      if (ids.length === 0) refuse('NO_PASSENGERS', 'At least one passenger is required');
      if (new Set(ids).size !== ids.length) refuse('UNKNOWN_PASSENGER', 'Passenger ids must be unique');
      return [{ type: 'PassengersProvided', data: { passengers: command.data.passengers, at } }];
    }

    case 'SelectSeats': {
      const booking = inCheckout(state);
      if (state.payment) refuse('CHECKOUT_CLOSED', 'Seats cannot change once the payment is authorized');
      const known = new Set(state.passengers.map((passenger) => passenger.passengerId));
      const places = new Set<string>();
      for (const seat of command.data.seats) {
        if (!known.has(seat.passengerId))
          refuse('UNKNOWN_PASSENGER', `No passenger ${seat.passengerId} on this booking`);
        const place = `${seat.passengerId}|${seat.segmentId}`;
        const taken = `${seat.segmentId}|${seat.designator}`;
        if (places.has(place) || places.has(taken))
          refuse('INVALID_SEATS', 'One seat per passenger and segment, each seat once');
        places.add(place).add(taken);
        if (!isValidMoney(seat.price) || seat.price.currency !== booking.price.currency) {
          refuse('INVALID_SEATS', `Seat prices must be in ${booking.price.currency} minor units`);
        }
      }
      return [{ type: 'SeatsSelected', data: { seats: command.data.seats, at } }];
    }

    case 'RecordPaymentAuthorization': {
      inCheckout(state);
      const { paymentId, amount, cardLast4 } = command.data;
      if (state.payment?.paymentId === paymentId) return [];
      if (state.payment) refuse('PAYMENT_ALREADY_AUTHORIZED', 'A payment is already authorized for this booking');
      offerStillValid(state, at);
      if (state.passengers.length === 0) refuse('NO_PASSENGERS', 'Passengers are required before payment');
      if (!/^\d{4}$/.test(cardLast4)) refuse('INVALID_CARD_LAST4', 'Only the last four digits of a card are recorded');
      const due = amountDue(state)!;
      if (!sameMoney(amount, due)) {
        refuse(
          'AMOUNT_MISMATCH',
          `The payment of ${formatMoney(amount)} does not match the price of ${formatMoney(due)}`,
        );
      }
      return [{ type: 'PaymentAuthorized', data: { paymentId, amount: due, cardLast4, at } }];
    }

    case 'RecordPaymentDecline': {
      inCheckout(state);
      if (state.payment) refuse('PAYMENT_ALREADY_AUTHORIZED', 'A payment is already authorized for this booking');
      const { cardLast4 } = command.data;
      if (cardLast4 !== null && !/^\d{4}$/.test(cardLast4))
        refuse('INVALID_CARD_LAST4', 'Only the last four digits of a card are recorded');
      return [{ type: 'PaymentDeclined', data: { ...command.data, at } }];
    }

    case 'RecordOrderCreated': {
      started(state);
      const { orderId, bookingReference } = command.data;
      if (state.order?.orderId === orderId) return [];
      if (state.order) refuse('ORDER_ALREADY_CREATED', 'An order already exists for this booking');
      if (state.payment?.status !== 'authorized')
        refuse('PAYMENT_NOT_AUTHORIZED', 'An order needs an authorized payment');
      if (state.phase !== 'started')
        refuse('BOOKING_FAILED', `The booking failed: ${state.failure ?? 'unknown reason'}`);
      return [{ type: 'OrderCreated', data: { orderId, bookingReference, at } }];
    }

    case 'RecordOrderFailure': {
      started(state);
      if (state.phase === 'failed') return [];
      if (state.phase !== 'started') refuse('ALREADY_CONFIRMED', 'The booking is already confirmed');
      if (state.order) refuse('ORDER_ALREADY_CREATED', 'The order was created; cancel it instead');
      return [{ type: 'OrderFailed', data: { ...command.data, at } }];
    }

    case 'RecordPaymentCapture': {
      started(state);
      const payment = state.payment ?? refuse('PAYMENT_NOT_AUTHORIZED', 'There is no payment to capture');
      if (payment.paymentId !== command.data.paymentId)
        refuse('PAYMENT_MISMATCH', 'That is not the payment of this booking');
      if (payment.status === 'captured') return [];
      if (payment.status === 'voided') refuse('PAYMENT_NOT_AUTHORIZED', 'The payment was voided');
      if (!state.order) refuse('NO_ORDER', 'A payment is captured only once the order exists');
      if (!sameMoney(command.data.amount, payment.amount)) {
        refuse(
          'AMOUNT_MISMATCH',
          `The capture of ${formatMoney(command.data.amount)} does not match the authorized ${formatMoney(payment.amount)}`,
        );
      }
      return [{ type: 'PaymentCaptured', data: { paymentId: payment.paymentId, amount: payment.amount, at } }];
    }

    case 'RecordPaymentVoid': {
      started(state);
      const payment = state.payment ?? refuse('PAYMENT_NOT_AUTHORIZED', 'There is no payment to void');
      if (payment.paymentId !== command.data.paymentId)
        refuse('PAYMENT_MISMATCH', 'That is not the payment of this booking');
      if (payment.status === 'voided') return [];
      if (payment.status === 'captured')
        refuse('PAYMENT_ALREADY_CAPTURED', 'A captured payment is refunded, not voided');
      return [{ type: 'PaymentVoided', data: { paymentId: payment.paymentId, reason: command.data.reason, at } }];
    }

    case 'ConfirmBooking': {
      started(state);
      if (state.phase === 'failed')
        refuse('BOOKING_FAILED', `The booking failed: ${state.failure ?? 'unknown reason'}`);
      if (state.phase !== 'started') refuse('ALREADY_CONFIRMED', 'The booking is already confirmed');
      const order = state.order ?? refuse('NO_ORDER', 'A booking is confirmed only once its order exists');
      if (state.payment?.status !== 'captured')
        refuse('PAYMENT_NOT_CAPTURED', 'A booking is confirmed only once its payment is captured');
      return [
        { type: 'BookingConfirmed', data: { orderId: order.orderId, bookingReference: order.bookingReference, at } },
      ];
    }

    case 'RequestCancellation': {
      const booking = started(state);
      if (state.phase === 'cancelled') refuse('ALREADY_CANCELLED', 'The booking is already cancelled');
      if (state.phase === 'cancelling') refuse('CANCELLATION_IN_PROGRESS', 'The booking is already being cancelled');
      if (state.phase !== 'confirmed') refuse('NOT_CONFIRMED', 'Only confirmed bookings can be cancelled');
      if (!booking.cancellable) refuse('NOT_REFUNDABLE', 'This ticket is non-refundable and cannot be cancelled');
      if (booking.departsAt && isAfterOrAt(at, booking.departsAt))
        refuse('ALREADY_DEPARTED', 'The trip has already departed');
      return [{ type: 'CancellationRequested', data: { requestedBy: command.data.requestedBy, at } }];
    }

    case 'RecordCancellationFailure': {
      started(state);
      if (state.phase !== 'cancelling') refuse('NO_CANCELLATION', 'No cancellation is in progress');
      return [{ type: 'CancellationFailed', data: { reason: command.data.reason, at } }];
    }

    case 'RecordOrderCancelled': {
      started(state);
      if (state.order?.cancelled) return [];
      if (state.phase !== 'cancelling') refuse('NO_CANCELLATION', 'No cancellation is in progress');
      const { cancellationId, refund } = command.data;
      if (!isValidMoney(refund)) refuse('INVALID_AMOUNT', 'The refund must be an amount in minor units');
      const cancelled: BookingEvent = { type: 'OrderCancelled', data: { cancellationId, refund, at } };
      return refund.amount === 0 ? [cancelled, { type: 'BookingCancelled', data: { at } }] : [cancelled];
    }

    case 'RecordRefund': {
      started(state);
      if (!state.order?.cancelled) refuse('ORDER_NOT_CANCELLED', 'A refund follows the order cancellation');
      const payment = state.payment;
      if (payment?.status !== 'captured') refuse('PAYMENT_NOT_CAPTURED', 'There is no captured payment to refund');
      if (payment!.paymentId !== command.data.paymentId)
        refuse('PAYMENT_MISMATCH', 'That is not the payment of this booking');
      validMoney(command.data.amount, 'The refund');
      if (
        command.data.amount.currency !== payment!.amount.currency ||
        payment!.refunded + command.data.amount.amount > payment!.amount.amount
      ) {
        refuse('REFUND_TOO_LARGE', 'The refund exceeds what was captured');
      }
      const refunded: BookingEvent = { type: 'RefundIssued', data: { ...command.data, at } };
      return state.phase === 'cancelling' ? [refunded, { type: 'BookingCancelled', data: { at } }] : [refunded];
    }

    case 'CompleteBooking': {
      const booking = started(state);
      if (state.phase === 'completed') return [];
      if (state.phase === 'cancelled' || state.phase === 'cancelling')
        refuse('ALREADY_CANCELLED', 'The booking is cancelled');
      if (state.phase !== 'confirmed') refuse('NOT_CONFIRMED', 'Only confirmed bookings are completed');
      if (booking.arrivesAt && !isAfterOrAt(at, booking.arrivesAt))
        refuse('TRIP_NOT_OVER', 'The last flight has not landed yet');
      return [{ type: 'BookingCompleted', data: { at } }];
    }

    case 'AttachCustomer': {
      const booking = started(state);
      if (booking.customerId === command.data.customerId) return [];
      if (booking.customerId) refuse('CUSTOMER_ALREADY_SET', 'The booking already belongs to an account');
      return [{ type: 'CustomerAttached', data: { customerId: command.data.customerId, at } }];
    }

    case 'ErasePassengerData': {
      started(state);
      const known = state.passengers.map((passenger) => passenger.passengerId);
      const requested = command.data.passengerIds ?? known;
      for (const id of requested)
        if (!known.includes(id)) refuse('UNKNOWN_PASSENGER', `No passenger ${id} on this booking`);
      const fresh = requested.filter((id) => !state.erasedPassengerIds.includes(id));
      return fresh.length === 0 ? [] : [{ type: 'PassengerDataErased', data: { passengerIds: fresh, at } }];
    }
  }
}

/** Decides several commands in a row, each against the state the previous ones produced. */
export function decideAll(commands: readonly BookingCommand[], state: BookingState): BookingEvent[] {
  const events: BookingEvent[] = [];
  let current = state;
  for (const command of commands) {
    const next = decide(command, current);
    events.push(...next);
    current = next.reduce(evolve, current);
  }
  return events;
}

export const bookingDecider = { decide, evolve, initialState: initialBookingState };
