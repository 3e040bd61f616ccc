import { BANK_CHECK_WINDOW_MINUTES } from '@contrail/shared/booking/after-sale';
import { PermanentJobError, type JobHandler } from '../../jobs/job-queue.js';
import { loadBooking } from '../booking-stream.js';
import type { BookingDeps } from '../deps.js';
import { BANK_CHECK_ABANDONED } from '../domain/decisions/purchases.js';
import type { BookingState } from '../domain/state.js';
import { jobEventContext } from '../saga/context.js';
import { voidOnce } from '../saga/payment-steps.js';
import { sagaStep } from '../saga/steps.js';
import { failPurchase } from './purchase-payment.js';
import { bankCheckAbandoned } from './purchases.js';

/** Whether the payment pays its purchase: the open one authorized with it, or one settled with it. */
function paysItsPurchase(state: BookingState, purchaseId: string, paymentId: string): boolean {
  if (state.phase === 'none') return false;
  if (state.purchase?.purchaseId === purchaseId && state.purchase.paymentId === paymentId) return true;
  return state.purchases?.some((done) => done.purchaseId === purchaseId && done.paymentId === paymentId) ?? false;
}

/**
 * The job PurchaseAuthenticationRequested calls for, at the end of the bank check's window: a
 * purchase still waiting for the traveller's check is failed (as a request after the window does,
 * purchases.ts giveUpAbandoned), then the check's payment is voided: still waiting at the bank, it
 * can no longer be authorized; authorized late, the hold is given back (the key the traveller's late
 * return uses, so the two void it once). The failure comes first and only while nothing is
 * authorized (the decider keeps a purchase the traveller came back to), so a payment that pays its
 * purchase is never voided. Run again, it finds the failure recorded and voids (again: no-op).
 */
export function expireBankCheckHandler(deps: BookingDeps): JobHandler<'expire-bank-check'> {
  return async ({ bookingId, purchaseId, paymentId, correlationId }, job) => {
    const { state } = await loadBooking(deps.eventStore, bookingId);
    if (state.phase === 'none') throw new PermanentJobError(`No booking ${bookingId}`);
    if (paysItsPurchase(state, purchaseId, paymentId)) return;
    const open = state.purchase?.purchaseId === purchaseId ? state.purchase : null;
    if (state.phase === 'confirmed' && open?.status === 'requested') {
      if (!bankCheckAbandoned(open, deps.clock.now())) throw new Error('The bank check has not run out yet');
      const context = jobEventContext(job, state.booking.brandKey, correlationId);
      await failPurchase({ deps, bookingId, context }, purchaseId, {
        reason: `the bank check was not finished within ${BANK_CHECK_WINDOW_MINUTES} minutes`,
        code: BANK_CHECK_ABANDONED,
        paymentId: null,
      });
      // The traveller may have come back meanwhile: then the purchase goes on with this payment.
      if (paysItsPurchase((await loadBooking(deps.eventStore, bookingId)).state, purchaseId, paymentId)) return;
      sagaStep('bank-check-given-up');
    }
    await voidOnce(deps.payments, paymentId, `purchase-${purchaseId}-late-${paymentId}`);
    deps.logger.info({ bookingId, purchaseId, paymentId }, 'a bank check left unfinished was given up');
  };
}
