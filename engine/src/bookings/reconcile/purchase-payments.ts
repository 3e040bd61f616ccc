import type { Payment } from '../../payments/gateway.js';
import { finishPurchase } from '../manage/finish-purchase.js';
import { failPurchase } from '../manage/purchase-payment.js';
import { voidOnce } from '../saga/payment-steps.js';
import type { ReconciliationRun } from './run.js';

/**
 * A card payment for a change or extras bought after booking (issue 36): it carries its booking
 * and purchase in metadata, and the booking records it. Captured, it must be a settled purchase of
 * that booking; held, the booking's purchase under way; voided, nothing is owed either way.
 * A purchase left open (its process died, or the airline's answer and the lookup were both lost)
 * is finished from the airline's own record: captured if the airline has it, voided if it has not.
 * An authorization its purchase never recorded is voided: the airline is only asked once the
 * authorization is recorded, so nothing was bought with it.
 */
export async function checkPurchasePayment(run: ReconciliationRun, payment: Payment): Promise<void> {
  const { paymentId } = payment;
  const bookingId = payment.metadata.booking_id ?? null;
  const purchaseId = payment.metadata.purchase_id ?? '';
  run.providerPayments.set(paymentId, payment);
  if (payment.status === 'voided' || payment.status === 'incomplete') return;
  const loaded = bookingId ? await run.booking(bookingId) : null;
  const state = loaded?.state.phase === 'confirmed' ? loaded.state : null;
  const settledHere = state?.purchases?.some((purchase) => purchase.paymentId === paymentId) ?? false;
  const open = state?.purchase?.purchaseId === purchaseId ? state.purchase : null;
  const base = { paymentId, bookingId };
  if (settledHere && payment.status === 'captured') return;
  const quiet = run.settled(loaded?.lastAt ?? null);
  if (state && open?.paymentId === paymentId) {
    if (!quiet) return;
    return run.repair(
      { ...base, kind: 'purchase-not-finished', detail: 'a purchase after booking is still open at its card step' },
      'look the purchase up at the airline, then capture or void',
      () =>
        finishPurchase({ deps: run.deps, bookingId: bookingId!, context: run.context }, state, open, 'the reconciler'),
    );
  }
  if (payment.status === 'captured')
    return run.mismatch({
      ...base,
      kind: 'capture-without-booking',
      detail: 'a purchase after booking was captured but never recorded',
    });
  if (settledHere)
    return run.mismatch({
      ...base,
      kind: 'confirmed-without-capture',
      detail: 'a purchase after booking is recorded as paid but its payment is only authorized',
    });
  if (!quiet) return;
  if (state && open?.status === 'requested')
    return run.repair(
      {
        ...base,
        kind: 'unrecorded-purchase-hold',
        detail: 'a purchase after booking never recorded its authorization',
      },
      'void the authorization and fail the purchase',
      () =>
        failPurchase({ deps: run.deps, bookingId: bookingId!, context: run.context }, purchaseId, {
          reason: 'its card authorization was never recorded (reconciler)',
          code: 'abandoned',
          paymentId,
        }),
    );
  return run.repair(
    { ...base, kind: 'unrecorded-hold', detail: 'a purchase after booking holds an authorization it does not use' },
    'void the authorization',
    () => voidOnce(run.deps.payments, paymentId, `purchase-${purchaseId}-void`),
  );
}

/**
 * A purchase after booking that pays nothing (a free date change) and is still open: no card
 * payment leads to it, so the open-purchases read model does. Once it has been quiet for the
 * settle time (its request or its finish-purchase job gave up), it is finished the same way as a
 * paid one: looked up at the airline first, then recorded confirmed or failed, once.
 */
export async function checkFreePurchase(
  run: ReconciliationRun,
  { bookingId, purchaseId }: { bookingId: string; purchaseId: string },
): Promise<void> {
  const { state, lastAt } = await run.booking(bookingId);
  if (state.phase !== 'confirmed') return;
  const open = state.purchase?.purchaseId === purchaseId ? state.purchase : null;
  if (!open || open.paymentId !== null || open.amount.amount > 0 || !run.settled(lastAt)) return;
  return run.repair(
    {
      bookingId,
      kind: 'free-purchase-not-finished',
      detail: 'a purchase after booking that pays nothing is still open',
    },
    'look the purchase up at the airline, then record it confirmed or failed',
    () => finishPurchase({ deps: run.deps, bookingId, context: run.context }, state, open, 'the reconciler'),
  );
}
