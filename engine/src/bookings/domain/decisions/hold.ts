import { formatMoney, sameMoney } from '@contrail/shared/booking/money';
import type { BookingCommandOf } from '../commands.js';
import type { BookingEvent } from '../events.js';
import { refuse } from '../refusals.js';
import type { Held, HoldLapsed, InCheckout } from '../state.js';
import { cardLast4Only, isAfterOrAt, offerStillValid, thePayment, validMoney } from './checks.js';
import { recordAuthorization } from './checkout.js';

/**
 * Hold now, pay later (issue 36): a checkout may ask the airline to hold its fare unpaid; the
 * held trip is paid later (the card authorized, the airline paid, then the capture) before its
 * deadline, or it runs out. The airline decides the deadline and the price: the rules below only
 * keep the facts in order.
 */

export function requestHold(command: BookingCommandOf<'RequestHold'>, state: InCheckout): BookingEvent[] {
  const { paymentRequiredBy, priceGuaranteeExpiresAt, at } = command.data;
  if (state.holdRequest) return [];
  if (state.payment) refuse('PAYMENT_ALREADY_AUTHORIZED', 'This checkout is paid by card: it is not held');
  if (state.order) refuse('ORDER_ALREADY_CREATED', 'An order already exists for this booking');
  if (state.passengers.length === 0) refuse('NO_PASSENGERS', 'Passengers are required before a hold');
  offerStillValid(state, at);
  if (state.seats.length > 0 || (state.bags ?? []).length > 0)
    refuse('HOLD_NOT_AVAILABLE', 'A hold keeps the fare only: seats and bags come with a paid booking');
  if (isAfterOrAt(at, paymentRequiredBy)) refuse('HOLD_NOT_AVAILABLE', 'The airline no longer holds this fare');
  return [{ type: 'HoldRequested', data: { paymentRequiredBy, priceGuaranteeExpiresAt, at } }];
}

/** A card authorization belongs to a checkout that pays now, never to one waiting for its hold. */
export function authorizeUnlessHeld(
  command: BookingCommandOf<'RecordPaymentAuthorization'>,
  state: InCheckout,
): BookingEvent[] {
  if (state.holdRequest) refuse('NOT_HELD', 'This trip is being held: it is paid from My Trips once held');
  return recordAuthorization(command, state);
}

export function recordOrderHeld(command: BookingCommandOf<'RecordOrderHeld'>, state: InCheckout): BookingEvent[] {
  if (!state.holdRequest) refuse('NOT_HELD', 'No hold was asked for this booking');
  if (state.order) refuse('ORDER_ALREADY_CREATED', 'An order already exists for this booking');
  validMoney(command.data.price, 'The held price');
  validMoney(command.data.providerTotal, 'The airline total');
  const { repair, ...data } = command.data;
  return [{ type: 'OrderHeld', data: { ...data, ...(repair && { repair }) } }];
}

/** The same hold reported again (a redelivered job): nothing to do; another order is a contradiction. */
export function heldAgain(command: BookingCommandOf<'RecordOrderHeld'>, state: Held | HoldLapsed): BookingEvent[] {
  if (state.order.orderId !== command.data.orderId)
    refuse('ORDER_ALREADY_CREATED', 'Another order already holds this booking');
  return [];
}

export function authorizeHoldPayment(
  command: BookingCommandOf<'RecordHoldPaymentAuthorization'>,
  state: Held,
): BookingEvent[] {
  const { paymentId, amount, cardLast4, at } = command.data;
  if (state.payment?.paymentId === paymentId) return [];
  if (state.payment?.status === 'authorized' || state.payment?.status === 'captured')
    refuse('PAYMENT_ALREADY_AUTHORIZED', 'This held trip is already being paid');
  if (isAfterOrAt(at, state.hold.paymentRequiredBy)) refuse('HOLD_EXPIRED', 'The hold has run out');
  cardLast4Only(cardLast4);
  if (!sameMoney(amount, state.hold.price))
    refuse(
      'PRICE_CHANGED',
      `The payment of ${formatMoney(amount)} does not match the held price of ${formatMoney(state.hold.price)}`,
    );
  return [{ type: 'HoldPaymentAuthorized', data: { paymentId, amount, cardLast4, at } }];
}

export function recordHoldPaid(command: BookingCommandOf<'RecordHoldPaid'>, state: Held): BookingEvent[] {
  const { airlinePaymentId, amount, repair, at } = command.data;
  if (state.hold.airlinePaymentId === airlinePaymentId) return [];
  if (state.hold.airlinePaymentId) refuse('PAYMENT_MISMATCH', 'The airline was already paid for this trip');
  if (state.payment?.status !== 'authorized')
    refuse('PAYMENT_NOT_AUTHORIZED', 'The airline is paid only once the card is authorized');
  return [{ type: 'HoldPaid', data: { airlinePaymentId, amount, ...(repair && { repair }), at } }];
}

export function captureHold(command: BookingCommandOf<'RecordPaymentCapture'>, state: Held): BookingEvent[] {
  const { amount, fee, repair, at } = command.data;
  const payment = thePayment(state.payment, command.data.paymentId, 'capture');
  if (payment.status === 'captured') return [];
  if (payment.status !== 'authorized') refuse('PAYMENT_NOT_AUTHORIZED', 'The payment was voided');
  if (!state.hold.airlinePaymentId) refuse('NO_ORDER', 'A held trip is charged only once the airline is paid');
  if (!sameMoney(amount, payment.amount))
    refuse('AMOUNT_MISMATCH', `The capture of ${formatMoney(amount)} does not match ${formatMoney(payment.amount)}`);
  const data = { paymentId: payment.paymentId, amount: payment.amount, fee, ...(repair && { repair }) };
  return [{ type: 'PaymentCaptured', data: { ...data, at } }];
}

export function confirmHold(command: BookingCommandOf<'ConfirmBooking'>, state: Held): BookingEvent[] {
  if (!state.hold.airlinePaymentId) refuse('NOT_CONFIRMED', 'The airline has not been paid yet');
  if (state.payment?.status !== 'captured')
    refuse('PAYMENT_NOT_CAPTURED', 'A booking is confirmed only once its payment is captured');
  const { orderId, bookingReference } = state.order;
  return [{ type: 'BookingConfirmed', data: { orderId, bookingReference, at: command.data.at } }];
}

/** A card authorization the airline payment did not use (refused, price changed, expired) is given back. */
export function voidHoldPayment(
  command: BookingCommandOf<'RecordPaymentVoid'>,
  state: Held | HoldLapsed,
): BookingEvent[] {
  const payment = thePayment(state.payment, command.data.paymentId, 'void');
  if (payment.status === 'voided') return [];
  if (payment.status === 'captured') refuse('PAYMENT_ALREADY_CAPTURED', 'A captured payment is refunded, not voided');
  if (state.hold.airlinePaymentId) refuse('PAYMENT_ALREADY_CAPTURED', 'The airline was paid: the card is charged');
  const { reason, at } = command.data;
  return [{ type: 'PaymentVoided', data: { paymentId: payment.paymentId, reason, at } }];
}

export function recordHoldPriceChange(command: BookingCommandOf<'RecordHoldPriceChange'>, state: Held): BookingEvent[] {
  const { providerTotal, price, at } = command.data;
  if (state.hold.airlinePaymentId) refuse('ALREADY_CONFIRMED', 'The airline was paid at the held price');
  if (sameMoney(providerTotal, state.hold.providerTotal) && sameMoney(price, state.hold.price)) return [];
  validMoney(price, 'The new price');
  return [{ type: 'HoldPriceChanged', data: { providerTotal, price, at } }];
}

export function recordHoldReminder(command: BookingCommandOf<'RecordHoldReminder'>, state: Held): BookingEvent[] {
  const { reminder, at } = command.data;
  if (state.hold.reminders.includes(reminder)) return [];
  if (state.hold.airlinePaymentId) refuse('NOT_HELD', 'The trip is paid');
  if (isAfterOrAt(at, state.hold.paymentRequiredBy)) refuse('HOLD_EXPIRED', 'The hold has run out');
  return [{ type: 'HoldReminderSent', data: { reminder, at } }];
}

/**
 * The hold runs out at its deadline, or sooner when the airline says it released the seats
 * (`airlineReleased`); never once the airline was paid.
 */
export function expireHold(command: BookingCommandOf<'ExpireHold'>, state: Held): BookingEvent[] {
  const { reason, airlineReleased, at } = command.data;
  if (state.hold.airlinePaymentId) refuse('NOT_HELD', 'The airline was paid: the trip is not held any more');
  if (!airlineReleased && !isAfterOrAt(at, state.hold.paymentRequiredBy))
    refuse('NOT_HELD', `The hold runs until ${state.hold.paymentRequiredBy}`);
  return [{ type: 'HoldExpired', data: { reason, at } }];
}
