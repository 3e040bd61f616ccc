import type { JobHandler } from '../../jobs/job-queue.js';
import { loadBooking } from '../booking-stream.js';
import { PaymentClaims } from '../checkout/payment-claims.js';
import { releaseHold } from '../checkout/release-hold.js';
import type { BookingDeps } from '../deps.js';
import { bookingCommands, jobEventContext } from './context.js';
import { voidFailedBooking, voidOnce } from './payment-steps.js';

/**
 * Holds that can no longer serve a booking are voided (DESIGN §4): a failed booking's (recorded in
 * its stream), or an authorization released unused (recorded in its payment stream).
 */
export function voidPaymentHandler(deps: BookingDeps): JobHandler<'void-payment'> {
  return async ({ bookingId, paymentId, correlationId }, job) => {
    if (bookingId) {
      const loaded = await loadBooking(deps.eventStore, bookingId);
      const { state } = loaded;
      if (state.phase !== 'failed') return;
      const run = bookingCommands(deps, bookingId, jobEventContext(job, state.booking.brandKey, correlationId), loaded);
      await voidFailedBooking(deps, state, run);
      return;
    }
    if (!paymentId) return;
    const record = await new PaymentClaims(deps.eventStore, deps.clock).read(paymentId);
    if (record.status === 'released') await voidOnce(deps.payments, paymentId, `release-${paymentId}`);
  };
}

/**
 * At the offer's expiry plus a grace period: an authorization that no booking took (or whose
 * booking's request died before the booking started) is released and voided.
 */
export function expirePaymentHandler(deps: BookingDeps): JobHandler<'expire-payment'> {
  return async ({ paymentId, correlationId }, job) => {
    const record = await new PaymentClaims(deps.eventStore, deps.clock).read(paymentId);
    if (record.status !== 'authorized' && record.status !== 'claimed') return;
    const { brandKey, offerId } = record.authorization;
    let claimedBy: string | undefined;
    if (record.status === 'claimed') {
      if ((await loadBooking(deps.eventStore, record.bookingId)).state.phase !== 'none') return;
      claimedBy = record.bookingId;
    }
    const context = jobEventContext(job, brandKey, correlationId);
    await releaseHold(deps, paymentId, 'unused when its offer expired', context, {
      brandKey,
      offerId,
      ...(claimedBy && { claimedBy }),
    });
  };
}
