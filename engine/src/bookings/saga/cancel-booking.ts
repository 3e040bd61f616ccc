import { cardFeeIfKnown } from '../../payments/card-fee.js';
import { toMinorUnits } from '@contrail/shared/booking/money';
import { FlightProviderError, type ProviderCancellation } from '../../flights/provider.js';
import { PermanentJobError, type JobHandler } from '../../jobs/job-queue.js';
import { loadBooking } from '../booking-stream.js';
import type { BookingDeps } from '../deps.js';
import { refundOnCancellation } from '../domain/refund.js';
import type { BookingState } from '../domain/state.js';
import { bookingCommands, jobEventContext } from './context.js';
import { confirmedCancellation } from './order-steps.js';

const RETRYABLE = new Set(['timeout', 'unavailable']);

/** The refund recorded with the order cancellation, less what was already refunded. */
function refundDue(state: BookingState): number {
  if (state.phase !== 'cancelling') return 0;
  return Math.max(0, (state.cancellationRefund ?? 0) - state.payment.refunded);
}

/**
 * DESIGN §4.4: confirm the provider cancellation the traveller was quoted (or quote and confirm
 * one), refund the card, record each step. The refund is the quote shown (domain/refund.ts),
 * never more than was captured. Re-running after a crash picks up at the first missing step.
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
    const due = refundDue(state);
    if (due > 0) {
      const refund = await deps.payments.refund(payment.paymentId, {
        idempotencyKey: `refund-${bookingId}`,
        amount: due,
        reason: 'requested_by_customer',
      });
      const fee = await cardFeeIfKnown(deps.payments, { refundId: refund.refundId }, deps.logger);
      await run({
        type: 'RecordRefund',
        data: {
          refundId: refund.refundId,
          paymentId: refund.paymentId,
          amount: refund.amount,
          fee,
          at: at(),
        },
      });
    }
  };
}
