import type { BookingCommandOf } from '../commands.js';
import type { BookingEvent } from '../events.js';
import { isValidMoney } from '@contrail/shared/booking/money';
import { ACCESS_REASON_MIN, supportDeskMessages } from '@contrail/shared/support-desk/contracts';
import type { StaffActing } from '../events.js';
import { invalidField, refuse } from '../refusals.js';
import type { Cancelled, Cancelling, Confirmed, StartedState } from '../state.js';
import { isAfterOrAt, validMoney } from './checks.js';
import { capturedPayments, refundable, refundRecorded, refundsDue } from '../refund-plan.js';

/** After the confirmation: cancellation (DESIGN §4.4), completion, and what any booking accepts. */

export function checkCancellable(state: Confirmed, at: string): void {
  const { booking } = state;
  if (!booking.cancellable) refuse('NOT_REFUNDABLE', 'This ticket is non-refundable and cannot be cancelled');
  if (booking.departsAt && isAfterOrAt(at, booking.departsAt))
    refuse('ALREADY_DEPARTED', 'The trip has already departed');
}

/** Support acting for the traveller says who they are and why: the event keeps both (issue #31). */
export function checkStaffActing(staff: StaffActing | undefined): void {
  if (!staff) return;
  if (!staff.username.trim()) throw invalidField('staff', 'Staff acting for a traveller must be named');
  if (staff.reason.trim().length < ACCESS_REASON_MIN) throw invalidField('reason', supportDeskMessages.reason);
}

/** A quote is recorded only for a booking that could be cancelled now, and never refunds more than was paid. */
export function quoteCancellation(command: BookingCommandOf<'QuoteCancellation'>, state: Confirmed): BookingEvent[] {
  checkCancellable(state, command.data.at);
  checkStaffActing(command.data.staff);
  const { refund } = command.data;
  if (!isValidMoney(refund) || refund.currency !== state.payment.amount.currency)
    refuse('INVALID_AMOUNT', 'The refund must be an amount in minor units of the payment currency');
  if (refund.amount > refundable(state)) refuse('REFUND_TOO_LARGE', 'The refund exceeds what was captured');
  return [{ type: 'CancellationQuoted', data: command.data }];
}

/** With a quote, only the latest one and only before it expires: the refund is then the one shown. */
export function requestCancellation(
  command: BookingCommandOf<'RequestCancellation'>,
  state: Confirmed,
): BookingEvent[] {
  const { quoteId, at, staff } = command.data;
  checkCancellable(state, at);
  checkStaffActing(staff);
  // Support confirms only a quote it was shown: the refund is the one told to the traveller.
  if (staff && quoteId === null) refuse('NO_QUOTE', 'Ask for a quote first: support confirms the refund it was shown');
  if (quoteId !== null) {
    const { quote } = state;
    if (!quote || quote.quoteId !== quoteId)
      return refuse('NO_QUOTE', 'This quote is no longer valid: ask for a new one');
    if (isAfterOrAt(at, quote.expiresAt)) refuse('QUOTE_EXPIRED', 'This quote has expired: ask for a new one');
  }
  return [{ type: 'CancellationRequested', data: command.data }];
}

export function recordCancellationFailure(
  command: BookingCommandOf<'RecordCancellationFailure'>,
  _state: Cancelling,
): BookingEvent[] {
  return [{ type: 'CancellationFailed', data: command.data }];
}

export function recordOrderCancelled(
  command: BookingCommandOf<'RecordOrderCancelled'>,
  state: Cancelling,
): BookingEvent[] {
  if (state.order.cancelled) return [];
  const { refund, at } = command.data;
  if (!isValidMoney(refund)) refuse('INVALID_AMOUNT', 'The refund must be an amount in minor units');
  if (refund.amount > refundable(state)) refuse('REFUND_TOO_LARGE', 'The refund exceeds what was captured');
  const cancelled: BookingEvent = { type: 'OrderCancelled', data: command.data };
  return refund.amount === 0 ? [cancelled, { type: 'BookingCancelled', data: { at } }] : [cancelled];
}

/**
 * A card refund of one of the booking's payments, within what the cancellation's plan gives back
 * of it (refund-plan.ts); the booking is cancelled once every planned refund is issued.
 */
export function recordRefund(command: BookingCommandOf<'RecordRefund'>, state: Cancelling | Cancelled): BookingEvent[] {
  if (!state.order.cancelled) refuse('ORDER_NOT_CANCELLED', 'A refund follows the order cancellation');
  const { amount, paymentId, refundId, at } = command.data;
  if (refundRecorded(state.refundPlan ?? [], refundId)) return [];
  if (!capturedPayments(state).some((paid) => paid.paymentId === paymentId))
    refuse('PAYMENT_MISMATCH', 'That is not a payment of this booking');
  validMoney(amount, 'The refund');
  const due = refundsDue(state.refundPlan ?? []);
  const left = due.find((planned) => planned.paymentId === paymentId)?.amount ?? 0;
  if (amount.currency !== state.payment.amount.currency || amount.amount > left)
    refuse('REFUND_TOO_LARGE', 'The refund exceeds what was captured');
  const refunded: BookingEvent = { type: 'RefundIssued', data: command.data };
  const settled = due.every((planned) => planned.paymentId === paymentId && planned.amount === amount.amount);
  return state.phase === 'cancelling' && settled ? [refunded, { type: 'BookingCancelled', data: { at } }] : [refunded];
}

export function completeBooking(command: BookingCommandOf<'CompleteBooking'>, state: Confirmed): BookingEvent[] {
  const { arrivesAt } = state.booking;
  if (arrivesAt && !isAfterOrAt(command.data.at, arrivesAt))
    refuse('TRIP_NOT_OVER', 'The last flight has not landed yet');
  return [{ type: 'BookingCompleted', data: command.data }];
}

export function attachCustomer(command: BookingCommandOf<'AttachCustomer'>, state: StartedState): BookingEvent[] {
  const { customerId } = state.booking;
  if (customerId === command.data.customerId) return [];
  if (customerId) refuse('CUSTOMER_ALREADY_SET', 'The booking already belongs to an account');
  return [{ type: 'CustomerAttached', data: command.data }];
}

export function erasePassengerData(
  command: BookingCommandOf<'ErasePassengerData'>,
  state: StartedState,
): BookingEvent[] {
  const known = state.passengers.map((passenger) => passenger.passengerId);
  const requested = command.data.passengerIds ?? known;
  for (const id of requested)
    if (!known.includes(id)) refuse('UNKNOWN_PASSENGER', `No passenger ${id} on this booking`);
  const fresh = requested.filter((id) => !state.erasedPassengerIds.includes(id));
  return fresh.length === 0
    ? []
    : [{ type: 'PassengerDataErased', data: { passengerIds: fresh, at: command.data.at } }];
}
