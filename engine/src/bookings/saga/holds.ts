import type { JobContext, JobHandler } from '../../jobs/job-queue.js';
import { loadBooking } from '../booking-stream.js';
import { RequestLedger } from '../checkout/request-ledger.js';
import { PaymentClaims } from '../checkout/payment-claims.js';
import { releaseHold } from '../checkout/release-hold.js';
import type { BookingDeps } from '../deps.js';
import { unusedHolds } from '../read-model/card-payments.js';
import { UNUSED_HOLD_GRACE_MS } from './reactions.js';
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
 * booking's request stopped before the booking started) is released and voided. Jobs of this kind
 * were queued per payment by earlier versions; the expire-payments sweep does it now.
 */
export function expirePaymentHandler(deps: BookingDeps): JobHandler<'expire-payment'> {
  return ({ paymentId, correlationId }, job) => expireUnusedHold(deps, paymentId, job, correlationId);
}

/** Unused holds older than a day are the reconciler's (it looks back 8 days): offers live far less. */
const SWEEP_WINDOW_MS = 24 * 3_600_000;

/**
 * Periodic: releases and voids every authorization no booking took within `unclaimedHoldMs`
 * (UNCLAIMED_HOLD_TIMEOUT; the storefront asks for the booking 0.5 s after the card's answer), or
 * once its offer has expired (plus UNUSED_HOLD_GRACE_MS), from the card payments read model. One
 * payment that fails must not hold up the others: the next sweep retries it.
 */
export function expirePaymentsHandler(deps: BookingDeps): JobHandler<'expire-payments'> {
  return async (_payload, job) => {
    const now = deps.clock.now().getTime();
    const cutoffs = {
      since: new Date(now - SWEEP_WINDOW_MS).toISOString(),
      expiredBefore: new Date(now - UNUSED_HOLD_GRACE_MS).toISOString(),
      unclaimedBefore: new Date(now - deps.unclaimedHoldMs).toISOString(),
    };
    for (const paymentId of await unusedHolds(deps.sql, cutoffs)) {
      await expireUnusedHold(deps, paymentId, job).catch((error: unknown) =>
        deps.logger.warn({ paymentId, err: error }, 'could not release an unused hold'),
      );
    }
  };
}

async function expireUnusedHold(
  deps: BookingDeps,
  paymentId: string,
  job: JobContext,
  correlationId?: string,
): Promise<void> {
  const asRead = await new PaymentClaims(deps.eventStore, deps.clock).load(paymentId);
  const record = asRead.state;
  if (record.status !== 'authorized' && record.status !== 'claimed') return;
  const { brandKey, offerId } = record.authorization;
  let claimedBy: string | undefined;
  if (record.status === 'claimed') {
    if ((await loadBooking(deps.eventStore, record.bookingId)).state.phase !== 'none') return;
    // Its booking request may be between the claim and recording the booking, or be resumed by a repeat.
    if (await new RequestLedger(deps.sql, 'booking_requests').mayStillRecord(record.bookingId, deps.unclaimedHoldMs))
      return;
    claimedBy = record.bookingId;
  }
  const context = jobEventContext(job, brandKey, correlationId);
  // Fenced: a request resumed meanwhile claims again, and then this release is not made.
  await releaseHold(deps, paymentId, 'unused: no booking took it', context, {
    brandKey,
    offerId,
    ...(claimedBy && { claimedBy }),
    asRead,
  });
}
