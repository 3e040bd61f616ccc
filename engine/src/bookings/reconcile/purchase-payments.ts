import type { Payment } from '../../payments/gateway.js';
import type { ReconciliationRun } from './run.js';

/**
 * A card payment for a change or extras bought after booking (issue 36): it carries its booking
 * and purchase in metadata, and the booking records it. Captured, it must be a settled purchase of
 * that booking; held, the booking's purchase under way; voided, nothing is owed either way.
 */
export async function checkPurchasePayment(run: ReconciliationRun, payment: Payment): Promise<void> {
  const { paymentId } = payment;
  const bookingId = payment.metadata.booking_id ?? null;
  run.providerPayments.set(paymentId, payment);
  if (payment.status === 'voided' || payment.status === 'incomplete') return;
  const loaded = bookingId ? await run.booking(bookingId) : null;
  const state = loaded && loaded.state.phase !== 'none' ? loaded.state : null;
  const settled = state?.purchases?.some((purchase) => purchase.paymentId === paymentId) ?? false;
  const open = state?.purchase?.paymentId === paymentId;
  const base = { paymentId, bookingId };
  if (payment.status === 'captured' && !settled && !open)
    run.mismatch({
      ...base,
      kind: 'capture-without-booking',
      detail: 'a purchase after booking was captured but never recorded',
    });
  if (payment.status === 'authorized' && !open && !settled)
    run.mismatch({
      ...base,
      kind: 'unrecorded-hold',
      detail: 'a purchase after booking holds an authorization never recorded',
    });
}
