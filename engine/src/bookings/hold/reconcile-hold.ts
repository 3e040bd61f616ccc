import { paymentStatusOf } from '../../flights/hold-status.js';
import { providerTotalOf } from '../../flights/provider-total.js';
import type { ProviderOrder } from '../../flights/provider.js';
import type { Held, InCheckout } from '../domain/state.js';
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
