import { providerTotalOf } from '../../flights/provider-total.js';
import type { ProviderOrder } from '../../flights/provider.js';
import { cancelStrayOrder } from '../saga/create-order.js';
import { checkHoldOrder } from '../hold/reconcile-hold.js';
import type { ReconciliationRun } from './run.js';

/**
 * Every provider order against the bookings: an order belongs to a confirmed booking, or is
 * cancelled. An order the saga never recorded (its answer was lost and the job gave up) is
 * recorded, and the saga captures and confirms it; an order of a failed booking is cancelled.
 */
export async function checkOrder(run: ReconciliationRun, order: ProviderOrder): Promise<void> {
  const bookingId = order.metadata.booking_id ?? null;
  const base = { orderId: order.id, bookingId };
  const live = order.cancelled_at === null;
  if (!bookingId) {
    if (live) run.mismatch({ ...base, kind: 'order-without-booking', detail: 'the provider order names no booking' });
    return;
  }
  const { state, lastAt } = await run.booking(bookingId);
  if (state.phase === 'none') {
    if (live) run.mismatch({ ...base, kind: 'order-without-booking', detail: 'no booking has this id' });
    return;
  }
  const settled = run.settled(lastAt) && run.settled(order.created_at);
  switch (state.phase) {
    case 'held':
      return checkHoldOrder(run, state, order, settled);
    case 'started':
      if (state.holdRequest) return checkHoldOrder(run, state, order, settled);
      if (state.order || !live || !settled) return;
      return run.repair(
        { ...base, kind: 'order-not-recorded', detail: 'the provider made the order; the booking does not know it' },
        'record the order (the saga then captures and confirms)',
        () =>
          run.run(bookingId)({
            type: 'RecordOrderCreated',
            data: {
              orderId: order.id,
              bookingReference: order.booking_reference,
              providerTotal: providerTotalOf(order),
              repair: 'found at the provider by the reconciler',
              at: run.deps.clock.now().toISOString(),
            },
          }),
      );
    case 'failed':
      if (!live || !settled) return;
      return run.repair(
        { ...base, kind: 'order-of-failed-booking', detail: 'the provider holds an order for a booking that failed' },
        'cancel the order',
        () => cancelStrayOrder(run.deps, bookingId, order, run.run(bookingId), 'found by the reconciler'),
      );
    case 'confirmed':
    case 'completed':
      if (state.order.orderId !== order.id) {
        if (live)
          run.mismatch({ ...base, kind: 'second-order', detail: `the booking's order is ${state.order.orderId}` });
      } else if (!live) {
        run.mismatch({
          ...base,
          kind: 'order-cancelled-at-provider',
          detail: `the provider cancelled the order of a ${state.phase} booking`,
        });
      }
      return;
    default:
      // Being cancelled, or cancelled: the cancellation job owns the order.
      return;
  }
}

/** A confirmed booking's order must exist at the provider. */
export async function checkConfirmedOrder(run: ReconciliationRun, bookingId: string, orderId: string): Promise<void> {
  try {
    const order = await run.deps.flights.getOrder(orderId);
    if (order.cancelled_at !== null)
      run.mismatch({
        bookingId,
        orderId,
        kind: 'order-cancelled-at-provider',
        detail: 'the provider cancelled the order of a confirmed booking',
      });
  } catch (error) {
    if ((error as { kind?: string }).kind === 'not_found')
      run.mismatch({ bookingId, orderId, kind: 'confirmed-without-order', detail: 'the provider has no such order' });
    else
      run.notChecked(
        { bookingId, orderId, kind: 'order-unreadable', detail: 'the provider could not say how the order stands' },
        error,
      );
  }
}
