import { PermanentJobError, type JobHandler } from '../../jobs/job-queue.js';
import { handleBookingCommands, loadBooking } from '../booking-stream.js';
import type { BookingDeps } from '../deps.js';
import type { OpenPurchase } from '../domain/purchase-state.js';
import type { StateIn } from '../domain/state.js';
import { jobEventContext } from '../saga/context.js';
import { sagaStep } from '../saga/steps.js';
import { capturePurchase, failPurchase, type PurchaseScope } from './purchase-payment.js';
import { lookUpPurchase } from './purchase-lookup.js';

export type FinishedAs = 'confirmed' | 'failed';

/**
 * Finishes an open purchase whose airline answer is unknown, from the airline's own record: a
 * purchase the airline has is recorded as confirmed and its card captured (once, by key); one the
 * airline definitely does not have is failed and its authorization voided. A lookup that fails is
 * thrown: nothing is given back on a guess. Each step is recorded, so a second run resumes.
 */
export async function finishPurchase(
  scope: PurchaseScope,
  state: StateIn<'confirmed'>,
  open: OpenPurchase,
  by: string,
): Promise<FinishedAs> {
  if (open.status !== 'confirmed') {
    const found = await lookUpPurchase(scope.deps, state.order.orderId, open);
    sagaStep('purchase-looked-up');
    if (!found.confirmed) {
      const reason = `the airline has no record of it (${by})`;
      await failPurchase(scope, open.purchaseId, { reason, code: 'not_at_airline', paymentId: open.paymentId });
      return 'failed';
    }
    await handleBookingCommands(
      scope.deps.eventStore,
      scope.bookingId,
      {
        type: 'RecordPurchaseConfirmed',
        data: {
          purchaseId: open.purchaseId,
          serviceIds: found.serviceIds,
          repair: `found at the airline by ${by}`,
          at: scope.deps.clock.now().toISOString(),
        },
      },
      { context: scope.context, clock: scope.deps.clock },
    );
  }
  if (open.paymentId) await capturePurchase(scope, open, open.paymentId);
  return 'confirmed';
}

/**
 * The job PurchaseOutcomeUnknown calls for: looks the purchase up again (the queue's attempts and
 * backoff bound how often), then captures or voids, once. A purchase settled meanwhile (by the
 * traveller's retry, another worker, the reconciler) is left alone.
 */
export function finishPurchaseHandler(deps: BookingDeps): JobHandler<'finish-purchase'> {
  return async ({ bookingId, purchaseId, correlationId }, job) => {
    const { state } = await loadBooking(deps.eventStore, bookingId);
    if (state.phase === 'none') throw new PermanentJobError(`No booking ${bookingId}`);
    if (state.phase !== 'confirmed' || state.purchase?.purchaseId !== purchaseId) return;
    const context = jobEventContext(job, state.booking.brandKey, correlationId);
    const outcome = await finishPurchase(
      { deps, bookingId, context },
      state,
      state.purchase,
      'the finish-purchase job',
    );
    deps.logger.info({ bookingId, purchaseId, outcome }, 'purchase with an unknown airline answer finished');
  };
}
