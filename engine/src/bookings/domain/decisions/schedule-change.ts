import { refundable } from '../refund-plan.js';
import type { BookingCommandOf } from '../commands.js';
import type { BookingEvent } from '../events.js';
import { refuse } from '../refusals.js';
import { pendingScheduleChange, scheduleChangesOf } from '../schedule-change-state.js';
import type { Confirmed } from '../state.js';
import { checkStaffActing } from './after-sale.js';
import { isAfterOrAt } from './checks.js';

/**
 * Airline schedule changes (issue #36). Duffel reports a change at least once and in any order, so
 * recording one is idempotent by its id, and only the newest change (by when the airline made it)
 * moves the trip's times: completion and cancellation then go by the new departure and arrival.
 */
export function recordScheduleChange(
  command: BookingCommandOf<'RecordScheduleChange'>,
  state: Confirmed,
): BookingEvent[] {
  const { departsAt, arrivesAt, ...detected } = command.data;
  if (detected.orderId !== state.order.orderId) refuse('NOT_FOUND', 'That change is not about this booking’s order');
  const known = scheduleChangesOf(state);
  if (known.some((change) => change.changeId === detected.changeId)) return [];
  const events: BookingEvent[] = [{ type: 'ScheduleChangeDetected', data: detected }];
  const newest = known.every((change) => Date.parse(change.changedAt) < Date.parse(detected.changedAt));
  const moved = state.booking.departsAt !== departsAt || state.booking.arrivesAt !== arrivesAt;
  if (newest && moved) {
    const reason = `airline schedule change ${detected.changeId}`;
    events.push({ type: 'TripRescheduled', data: { departsAt, arrivesAt, reason, at: detected.at } });
  }
  return events;
}

function checkPending(state: Confirmed, changeId: string): void {
  if (!pendingScheduleChange(state, changeId))
    refuse('NO_SCHEDULE_CHANGE', 'This schedule change has already been answered, or is not this booking’s');
}

export function acceptScheduleChange(
  command: BookingCommandOf<'AcceptScheduleChange'>,
  state: Confirmed,
): BookingEvent[] {
  checkPending(state, command.data.changeId);
  checkStaffActing(command.data.staff);
  return [{ type: 'ScheduleChangeAccepted', data: command.data }];
}

/**
 * Declining cancels with a full refund: the airline changed the trip, so whatever the fare's rules
 * say, nothing is kept (no airline fee, no service fee). The quote is the airline's own; the
 * request follows it in the same append, so the cancel-booking saga takes it from there.
 */
export function declineScheduleChange(
  command: BookingCommandOf<'DeclineScheduleChange'>,
  state: Confirmed,
): BookingEvent[] {
  const { changeId, requestedBy, staff, quote, at } = command.data;
  checkPending(state, changeId);
  checkStaffActing(staff);
  if (state.booking.departsAt && isAfterOrAt(at, state.booking.departsAt))
    refuse('ALREADY_DEPARTED', 'The trip has already departed');
  const refund = {
    amount: refundable(state),
    currency: state.payment.amount.currency,
  };
  const acting = staff ? { staff } : {};
  return [
    { type: 'ScheduleChangeDeclined', data: { changeId, requestedBy, ...acting, at } },
    {
      type: 'CancellationQuoted',
      data: { ...quote, refund, airlineFee: 0, serviceFee: 0, markupKeptOnRefund: false, ...acting, at },
    },
    { type: 'CancellationRequested', data: { requestedBy, quoteId: quote.quoteId, ...acting, at } },
  ];
}
