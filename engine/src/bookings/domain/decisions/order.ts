import type { BookingCommandOf } from '../commands.js';
import type { BookingEvent } from '../events.js';
import { formatMoney, sameMoney } from '@contrail/shared/booking/money';
import { refuse } from '../refusals.js';
import type { Confirmed, Failed, InCheckout, StartedState } from '../state.js';
import { failedMessage, isAfterOrAt, thePayment } from './checks.js';

/** The saga's middle: the provider order, the capture or the void, the confirmation (DESIGN §4). */

export function recordOrder(command: BookingCommandOf<'RecordOrderCreated'>, state: InCheckout): BookingEvent[] {
  const { orderId, bookingReference, providerTotal, repair, at } = command.data;
  if (state.order?.orderId === orderId) return [];
  if (state.order) refuse('ORDER_ALREADY_CREATED', 'An order already exists for this booking');
  if (state.payment?.status !== 'authorized') refuse('PAYMENT_NOT_AUTHORIZED', 'An order needs an authorized payment');
  const data = { orderId, bookingReference, providerTotal, ...(repair && { repair }), at };
  return [{ type: 'OrderCreated', data }];
}

/** The provider made an order for a booking that failed meanwhile: it is a stray, to cancel (see StrayOrderCancelled). */
export function refuseOrderOfFailedBooking(
  _command: BookingCommandOf<'RecordOrderCreated'>,
  state: Failed,
): BookingEvent[] {
  if (state.payment?.status !== 'authorized') refuse('PAYMENT_NOT_AUTHORIZED', 'An order needs an authorized payment');
  return refuse('BOOKING_FAILED', failedMessage(state.failure));
}

/** The same order reported again after the confirmation (a redelivered job): nothing to do. */
export function orderAgain(command: BookingCommandOf<'RecordOrderCreated'>, state: StartedState): BookingEvent[] {
  if (state.order?.orderId !== command.data.orderId)
    refuse('ORDER_ALREADY_CREATED', 'An order already exists for this booking');
  return [];
}

export function recordOrderFailure(command: BookingCommandOf<'RecordOrderFailure'>, state: InCheckout): BookingEvent[] {
  if (state.order) refuse('ORDER_ALREADY_CREATED', 'The order was created; cancel it instead');
  return [{ type: 'OrderFailed', data: command.data }];
}

/**
 * The provider did not answer: the order is tried again at the proposed time, but never after the
 * offer expires (then no later than its expiry), and not at all once it has: past the expiry only
 * a lookup can settle the booking, which the offer recheck and the reconciler do once the provider answers.
 */
export function recordOrderDelay(command: BookingCommandOf<'RecordOrderDelay'>, state: InCheckout): BookingEvent[] {
  if (state.order) refuse('ORDER_ALREADY_CREATED', 'An order already exists for this booking');
  if (state.payment?.status !== 'authorized') refuse('PAYMENT_NOT_AUTHORIZED', 'An order needs an authorized payment');
  const { reason, at } = command.data;
  const expiresAt = state.booking.offerExpiresAt;
  const retryAt = isAfterOrAt(at, expiresAt)
    ? null
    : isAfterOrAt(command.data.retryAt, expiresAt)
      ? expiresAt
      : command.data.retryAt;
  const round = (state.orderDelay?.round ?? 0) + 1;
  return [{ type: 'OrderDelayed', data: { reason, round, retryAt, at } }];
}

export function recordCapture(command: BookingCommandOf<'RecordPaymentCapture'>, state: InCheckout): BookingEvent[] {
  const { amount, fee, repair, at } = command.data;
  const payment = thePayment(state.payment, command.data.paymentId, 'capture');
  if (payment.status === 'captured') return [];
  if (!state.order) refuse('NO_ORDER', 'A payment is captured only once the order exists');
  if (!sameMoney(amount, payment.amount)) {
    refuse(
      'AMOUNT_MISMATCH',
      `The capture of ${formatMoney(amount)} does not match the authorized ${formatMoney(payment.amount)}`,
    );
  }
  return [
    {
      type: 'PaymentCaptured',
      data: {
        paymentId: payment.paymentId,
        amount: payment.amount,
        fee,
        ...(repair && { repair }),
        at,
      },
    },
  ];
}

export function refuseCaptureOfFailedBooking(
  command: BookingCommandOf<'RecordPaymentCapture'>,
  state: Failed,
): BookingEvent[] {
  const payment = thePayment(state.payment, command.data.paymentId, 'capture');
  if (payment.status === 'voided') refuse('PAYMENT_NOT_AUTHORIZED', 'The payment was voided');
  return refuse('BOOKING_FAILED', failedMessage(state.failure));
}

/** The capture reported again once it is recorded (a redelivered job): nothing to do. */
export function captureAgain(command: BookingCommandOf<'RecordPaymentCapture'>, state: StartedState): BookingEvent[] {
  thePayment(state.payment, command.data.paymentId, 'capture');
  return [];
}

export function recordVoid(command: BookingCommandOf<'RecordPaymentVoid'>, state: InCheckout | Failed): BookingEvent[] {
  const payment = thePayment(state.payment, command.data.paymentId, 'void');
  if (payment.status === 'voided') return [];
  if (payment.status === 'captured') refuse('PAYMENT_ALREADY_CAPTURED', 'A captured payment is refunded, not voided');
  const { reason, at } = command.data;
  return [{ type: 'PaymentVoided', data: { paymentId: payment.paymentId, reason, at } }];
}

export function refuseVoidOfCapture(
  command: BookingCommandOf<'RecordPaymentVoid'>,
  state: StartedState,
): BookingEvent[] {
  thePayment(state.payment, command.data.paymentId, 'void');
  return refuse('PAYMENT_ALREADY_CAPTURED', 'A captured payment is refunded, not voided');
}

export function confirm(command: BookingCommandOf<'ConfirmBooking'>, state: InCheckout): BookingEvent[] {
  const order = state.order ?? refuse('NO_ORDER', 'A booking is confirmed only once its order exists');
  if (state.payment?.status !== 'captured')
    refuse('PAYMENT_NOT_CAPTURED', 'A booking is confirmed only once its payment is captured');
  const { orderId, bookingReference } = order;
  return [{ type: 'BookingConfirmed', data: { orderId, bookingReference, at: command.data.at } }];
}

export function recordStrayOrderCancelled(
  command: BookingCommandOf<'RecordStrayOrderCancelled'>,
  state: Failed,
): BookingEvent[] {
  if (state.order?.orderId === command.data.orderId && state.order.cancelled) return [];
  return [{ type: 'StrayOrderCancelled', data: command.data }];
}

export function recordTripRescheduled(
  command: BookingCommandOf<'RecordTripRescheduled'>,
  state: InCheckout | Confirmed,
): BookingEvent[] {
  const { departsAt, arrivesAt } = command.data;
  if (state.booking.departsAt === departsAt && state.booking.arrivesAt === arrivesAt) return [];
  return [{ type: 'TripRescheduled', data: command.data }];
}
