import { HOLD_REMINDER_NAMES, reminderDueAt, type HoldReminder } from '@contrail/shared/booking/hold';
import { paymentStatusOf } from '../../flights/hold-status.js';
import { PermanentJobError, type JobHandler } from '../../jobs/job-queue.js';
import { loadBooking } from '../booking-stream.js';
import type { BookingDeps } from '../deps.js';
import type { Held } from '../domain/state.js';
import { bookingCommands, jobEventContext } from '../saga/context.js';
import { voidOnce } from '../saga/payment-steps.js';
import { captureAndConfirm, recordFoundPayment } from './pay-hold.js';

/**
 * A held trip's reminder time or deadline (issue 36), each a job derived from OrderHeld. A
 * reminder is recorded once (its email follows from the record), and only while it means
 * something: not once a later reminder is due, nor after the deadline. At the deadline the hold
 * is recorded as expired, unless the airline says it was paid (an answer pay-hold lost, and its
 * lookups too, through all its tries): then the payment is recorded, the card captured and the
 * trip confirmed here, once.
 */
export function holdDeadlineHandler(deps: BookingDeps): JobHandler<'hold-deadline'> {
  return async ({ bookingId, correlationId, reminder }, job) => {
    const loaded = await loadBooking(deps.eventStore, bookingId);
    const { state } = loaded;
    if (state.phase === 'none') throw new PermanentJobError(`No booking ${bookingId}`);
    if (state.phase !== 'held') return;
    const run = bookingCommands(deps, bookingId, jobEventContext(job, state.booking.brandKey, correlationId), loaded);
    // Paid at the airline and recorded, but never captured (pay-hold gave up): captured at the deadline.
    if (state.hold.airlinePaymentId) return reminder ? undefined : captureAndConfirm(deps, state, run);
    const now = deps.clock.now();
    const at = now.toISOString();
    if (reminder) {
      if (reminderStillMeant(state, reminder, now.getTime()))
        await run({ type: 'RecordHoldReminder', data: { reminder, at } });
      return;
    }
    if (now.getTime() < Date.parse(state.hold.paymentRequiredBy)) throw new Error('The hold has not run out yet');
    const order = await deps.flights.getOrder(state.hold.orderId);
    if (!paymentStatusOf(order).awaitingPayment && !order.cancelled_at) {
      // Paid, and pay-hold gave up before it could know (answer and lookups lost): finished here, once.
      if (state.payment?.status !== 'authorized') return;
      const paid = await recordFoundPayment(deps, order, run, 'the airline was paid, found at the hold deadline');
      return captureAndConfirm(deps, paid, run);
    }
    if (state.payment?.status === 'authorized') {
      await voidOnce(deps.payments, state.payment.paymentId, `hold-${state.payment.paymentId}`);
      await run({
        type: 'RecordPaymentVoid',
        data: { paymentId: state.payment.paymentId, reason: 'the hold ran out', at },
      });
    }
    await run({ type: 'ExpireHold', data: { reason: 'the payment deadline passed', airlineReleased: false, at } });
  };
}

/**
 * A reminder is sent once, before the deadline, for a hold made before it was due (a hold of less
 * than a day gets no 24 h reminder), and not when a later one is due already.
 */
export function reminderStillMeant(state: Held, reminder: HoldReminder, now: number): boolean {
  const { paymentRequiredBy, reminders, heldAt } = state.hold;
  if (reminders.includes(reminder) || now >= Date.parse(paymentRequiredBy)) return false;
  if (Date.parse(heldAt) >= Date.parse(reminderDueAt(reminder, paymentRequiredBy))) return false;
  const later = HOLD_REMINDER_NAMES.filter(
    (name) =>
      Date.parse(reminderDueAt(name, paymentRequiredBy)) > Date.parse(reminderDueAt(reminder, paymentRequiredBy)),
  );
  return !later.some((name) => now >= Date.parse(reminderDueAt(name, paymentRequiredBy)));
}
