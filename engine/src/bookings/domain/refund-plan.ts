import type { Money } from '@contrail/shared/booking/money';
import type { SettledPurchase } from './purchase-state.js';

/**
 * Every captured card payment of a booking (issue 36): the booking's own (checkout or Pay Now)
 * and each paid change or extras bought after booking. A cancellation refunds across all of them.
 */
export interface CapturedPayment {
  paymentId: string;
  captured: number;
  refunded: number;
}

/** One card refund a cancellation owes: `amount` of payment `paymentId`, in minor units. */
export interface PlannedRefund {
  paymentId: string;
  amount: number;
}

/** A planned refund, what of it was refunded so far, and by which refunds. */
export interface RefundInPlan extends PlannedRefund {
  issued: number;
  refundIds: string[];
}

interface WithPayments {
  payment: { paymentId: string; amount: Money; refunded: number };
  purchases?: SettledPurchase[];
}

/** The booking's payment first, then the purchases' in the order they were paid. */
export function capturedPayments(state: WithPayments): CapturedPayment[] {
  const { payment } = state;
  const main = { paymentId: payment.paymentId, captured: payment.amount.amount, refunded: payment.refunded };
  const bought = (state.purchases ?? []).flatMap((purchase) =>
    purchase.paymentId !== null && purchase.amount.amount > 0
      ? [{ paymentId: purchase.paymentId, captured: purchase.amount.amount, refunded: purchase.refunded ?? 0 }]
      : [],
  );
  return [main, ...bought];
}

/** What the booking's payments still hold, in minor units: the most any refund can give back. */
export function refundable(state: WithPayments): number {
  return capturedPayments(state).reduce((sum, paid) => sum + paid.captured - paid.refunded, 0);
}

/**
 * Splits a cancellation's refund across the payments, newest first: what was bought after booking
 * is given back whole before the booking's own payment, so the fees a cancellation keeps (the
 * fare's penalty, the brand's markup) come out of the payment that carried them. No payment is
 * refunded more than it still holds; payments refunded nothing are left out.
 */
export function planRefunds(state: WithPayments, total: number): PlannedRefund[] {
  let left = Math.max(0, total);
  const plan: PlannedRefund[] = [];
  for (const paid of capturedPayments(state).reverse()) {
    const amount = Math.min(left, paid.captured - paid.refunded);
    if (amount > 0) plan.push({ paymentId: paid.paymentId, amount });
    left -= amount;
  }
  return plan.reverse();
}

/** A refund already counted against the plan (reported twice: once is enough). */
export const refundRecorded = (plan: readonly RefundInPlan[], refundId: string): boolean =>
  plan.some((planned) => planned.refundIds.includes(refundId));

/** What is still to refund of a plan, payment by payment. */
export function refundsDue(plan: readonly RefundInPlan[]): PlannedRefund[] {
  return plan.flatMap(({ paymentId, amount, issued }) =>
    amount > issued ? [{ paymentId, amount: amount - issued }] : [],
  );
}
