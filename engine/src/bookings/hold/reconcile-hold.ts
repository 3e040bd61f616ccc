import { paymentStatusOf } from '../../flights/hold-status.js';
import { providerTotalOf } from '../../flights/provider-total.js';
import type { ProviderOrder } from '../../flights/provider.js';
import type { Payment } from '../../payments/gateway.js';
import type { Held, HoldLapsed, InCheckout } from '../domain/state.js';
import { voidOnce } from '../saga/payment-steps.js';
import { captureAndConfirm, recordFoundPayment } from './pay-hold.js';
import type { ReconciliationRun } from '../reconcile/run.js';
import { heldPrice } from './held-price.js';

/**
 * A hold order against its booking (issue 36): one the airline made while the hold job lost the
 * answer is recorded as held (never cancelled as a stray: the traveller asked for it); one the
 * airline released while the booking still holds it is recorded as expired.
 */
export async function checkHoldOrder(
  run: ReconciliationRun,
  state: InCheckout | Held,
  order: ProviderOrder,
  settled: boolean,
): Promise<void> {
  const bookingId = state.booking.bookingId;
  const base = { orderId: order.id, bookingId };
  const at = run.deps.clock.now().toISOString();
  if (state.phase === 'started') {
    if (state.order || order.cancelled_at !== null || !settled) return;
    const providerTotal = providerTotalOf(order);
    const status = paymentStatusOf(order);
    return run.repair(
      { ...base, kind: 'hold-not-recorded', detail: 'the airline holds the order; the booking does not know it' },
      'record the hold',
      async () => {
        const price = await heldPrice(run.deps, state, providerTotal);
        await run.run(bookingId)({
          type: 'RecordOrderHeld',
          data: {
            orderId: order.id,
            bookingReference: order.booking_reference,
            providerTotal,
            price,
            paymentRequiredBy: status.paymentRequiredBy ?? state.holdRequest!.paymentRequiredBy,
            priceGuaranteeExpiresAt: status.priceGuaranteeExpiresAt ?? state.holdRequest!.priceGuaranteeExpiresAt,
            repair: 'found at the provider by the reconciler',
            at,
          },
        });
      },
    );
  }
  if (state.order.orderId !== order.id) {
    if (order.cancelled_at === null)
      run.mismatch({ ...base, kind: 'second-order', detail: `the booking's order is ${state.order.orderId}` });
    return;
  }
  if (order.cancelled_at !== null && !state.hold.airlinePaymentId && state.payment?.status !== 'authorized')
    return run.repair(
      { ...base, kind: 'hold-released-at-provider', detail: 'the airline released a hold the booking still shows' },
      'record the hold as expired',
      async () => {
        await run.run(bookingId)({
          type: 'ExpireHold',
          data: { reason: 'the airline released the hold (found by the reconciler)', airlineReleased: true, at },
        });
      },
    );
}

/**
 * A held trip's card payment (Pay Now) against the processor and the airline: an authorization
 * whose airline payment went through while its job lost every answer is recorded, captured once
 * and confirmed; one of a hold that ran out is voided. An authorization of a trip still awaiting
 * payment is left to pay-hold and the deadline job.
 */
export async function checkHoldPayment(
  run: ReconciliationRun,
  state: Held | HoldLapsed,
  payment: Payment,
  lastAt: string | null,
): Promise<void> {
  const bookingId = state.booking.bookingId;
  const base = { paymentId: payment.paymentId, bookingId, orderId: state.order.orderId };
  const recorded = state.payment?.paymentId === payment.paymentId ? state.payment : null;
  if (payment.status === 'voided' || payment.status === 'incomplete') {
    if (recorded?.status === 'authorized')
      run.mismatch({ ...base, kind: 'hold-voided-under-booking', detail: 'a held trip still counts on a voided card' });
    return;
  }
  if (!recorded || payment.status === 'captured') {
    if (recorded?.status !== 'captured')
      run.mismatch({
        ...base,
        kind: 'capture-without-booking',
        detail: `a ${state.phase} trip's card was captured but the trip is not paid`,
      });
    return;
  }
  if (payment.status !== 'authorized' || !run.settled(lastAt)) return;
  const commands = run.run(bookingId);
  if (state.phase === 'expired')
    return run.repair(
      { ...base, kind: 'hold-of-expired-trip', detail: 'a hold that ran out still holds the card' },
      'void the card authorization',
      async () => {
        await voidOnce(run.deps.payments, payment.paymentId, `hold-${payment.paymentId}`);
        await commands({
          type: 'RecordPaymentVoid',
          data: {
            paymentId: payment.paymentId,
            reason: 'the hold ran out (reconciler)',
            at: run.deps.clock.now().toISOString(),
          },
        });
      },
    );
  let order: ProviderOrder;
  try {
    order = await run.deps.flights.getOrder(state.hold.orderId);
  } catch (error) {
    return run.notChecked(
      { ...base, kind: 'order-unreadable', detail: 'the airline could not say if the hold is paid' },
      error,
    );
  }
  if (paymentStatusOf(order).awaitingPayment || order.cancelled_at !== null) return;
  return run.repair(
    {
      ...base,
      kind: 'hold-paid-not-captured',
      detail: 'the airline was paid for a held trip whose card is only authorized',
    },
    'record the airline payment, capture once and confirm',
    async () => {
      const paid = state.hold.airlinePaymentId
        ? state
        : await recordFoundPayment(run.deps, order, commands, 'the airline was paid, found by the reconciler');
      await captureAndConfirm(run.deps, paid, commands);
    },
  );
}
