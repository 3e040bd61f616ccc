import { cardFeeIfKnown } from '../../payments/card-fee.js';
import { toMinorUnits } from '@contrail/shared/booking/money';
import { FlightProviderError, type ProviderCancellation } from '../../flights/provider.js';
import { PermanentJobError, type JobHandler } from '../../jobs/job-queue.js';
import { loadBooking } from '../booking-stream.js';
import type { BookingDeps } from '../deps.js';
import { refundOnCancellation } from '../domain/refund.js';
import { refundRecorded, refundsDue, type PlannedRefund } from '../domain/refund-plan.js';
import type { BookingState } from '../domain/state.js';
import { bookingCommands, jobEventContext, type RunCommands } from './context.js';
import { confirmedCancellation } from './order-steps.js';

const RETRYABLE = new Set(['timeout', 'unavailable']);

/** What the cancellation still owes, payment by payment (none once cancelled). */
function refundsOwed(state: BookingState): PlannedRefund[] {
  return state.phase === 'cancelling' ? refundsDue(state.refundPlan ?? []) : [];
}

/**
 * One refund's key: the booking's own payment keeps the key it always had (a refund in flight
 * when this changed is not made twice), every other payment has its own.
 */
export function refundKey(bookingId: string, paymentId: string, state: BookingState): string {
  return state.payment?.paymentId === paymentId ? `refund-${bookingId}` : `refund-${bookingId}-${paymentId}`;
}

/**
 * DESIGN §4.4: confirm the provider cancellation the traveller was quoted (or quote and confirm
 * one), refund every captured payment of the booking (its own and what was bought after booking)
 * as the plan splits the quote (domain/refund-plan.ts), record each step. The refund is the quote
 * shown (domain/refund.ts), never more than was captured. Re-running after a crash picks up at the
 * first missing step; a refund made whose answer was lost is found by its key, not made again.
 */
export function cancelBookingHandler(deps: BookingDeps): JobHandler<'cancel-booking'> {
  return async ({ bookingId, correlationId }, job) => {
    const loaded = await loadBooking(deps.eventStore, bookingId);
    let { state } = loaded;
    if (state.phase === 'none') throw new PermanentJobError(`No booking ${bookingId}`);
    if (state.phase !== 'cancelling') return;
    const run = bookingCommands(deps, bookingId, jobEventContext(job, state.booking.brandKey, correlationId), loaded);
    const at = () => deps.clock.now().toISOString();
    const { order, payment } = state;

    if (!order.cancelled) {
      let confirmed: ProviderCancellation;
      try {
        confirmed = await confirmedCancellation(deps.flights, order.orderId, state.quote?.quoteId);
      } catch (error) {
        const provider = error instanceof FlightProviderError ? error : undefined;
        if ((!provider || RETRYABLE.has(provider.kind)) && job.attempt < job.maxAttempts) throw error;
        await run({
          type: 'RecordCancellationFailure',
          data: { reason: provider?.message ?? 'The airline could not cancel this booking', at: at() },
        });
        return;
      }
      const { currency } = payment.amount;
      const offered = confirmed.refund_amount ? toMinorUnits(confirmed.refund_amount, currency) : 0;
      const refund = { amount: refundOnCancellation(state, offered), currency };
      const providerRefund = { amount: offered, currency };
      state = (
        await run({
          type: 'RecordOrderCancelled',
          data: { cancellationId: confirmed.id, refund, providerRefund, at: at() },
        })
      ).state;
    }
    for (const owed of refundsOwed(state)) state = await refundOne(deps, bookingId, state, owed, run);
  };
}

/** Refunds one payment what the plan owes it (or finds the refund made for it) and records it. */
async function refundOne(
  deps: BookingDeps,
  bookingId: string,
  state: BookingState,
  owed: PlannedRefund,
  run: RunCommands,
): Promise<BookingState> {
  const key = refundKey(bookingId, owed.paymentId, state);
  const plan = state.phase === 'cancelling' ? (state.refundPlan ?? []) : [];
  const made = (await deps.payments.refundsOf(owed.paymentId)).find(
    (refund) => refund.metadata.refundKey === key && refund.status !== 'failed',
  );
  if (made && refundRecorded(plan, made.refundId)) {
    deps.logger.warn(
      { bookingId, refundId: made.refundId },
      'a refund is still owed but its key was used: left to support',
    );
    return state;
  }
  const refund =
    made ??
    (await deps.payments.refund(owed.paymentId, {
      idempotencyKey: key,
      amount: owed.amount,
      reason: 'requested_by_customer',
      metadata: { bookingId, refundKey: key },
    }));
  const fee = await cardFeeIfKnown(deps.payments, { refundId: refund.refundId }, deps.logger);
  const data = {
    refundId: refund.refundId,
    paymentId: refund.paymentId,
    amount: refund.amount,
    fee,
    at: deps.clock.now().toISOString(),
  };
  return (await run({ type: 'RecordRefund', data })).state;
}
