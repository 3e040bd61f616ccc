import type { ReconciliationReport } from '@contrail/shared/admin/reconciliation';
import type { EventContext } from '../../eventstore/metadata.js';
import type { ProviderOrder } from '../../flights/provider.js';
import { paymentStatusOf } from '../../flights/hold-status.js';
import type { Payment } from '../../payments/gateway.js';
import type { BookingDeps } from '../deps.js';
import { cardPaymentsSince } from '../read-model/card-payments.js';
import { openFreePurchases } from '../read-model/open-purchases.js';
import { BookingReadModel } from '../read-model/queries.js';
import { checkFreePurchase } from './purchase-payments.js';
import { UNUSED_HOLD_GRACE_MS } from '../saga/reactions.js';
import { checkConfirmedOrder, checkOrder } from './orders.js';
import { checkPayment, checkUnrecordedPayment } from './payments.js';
import { ReconciliationRun } from './run.js';
import type { BookingPhase } from '../domain/state.js';

export interface ReconcileOptions {
  /** False: only look, and list what would be repaired. */
  repair: boolean;
  /** Compare what was booked and authorized since then (default: 8 days, longer than a card hold lasts). */
  since?: string;
  /** Leave alone what changed more recently than this: the saga may still be at work on it. */
  settleMs?: number;
  context: EventContext;
}

const WINDOW_MS = 8 * 86_400_000;
const SETTLE_MS = 2 * 60_000;
const PARALLEL = 4;

async function inTurn<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

/** The processor's payments for checkouts and purchases after booking here that no checkout record lists. */
async function unrecordedPayments(run: ReconciliationRun, recorded: Set<string>): Promise<Payment[]> {
  try {
    const listed = await run.deps.payments.listSince(run.options.since);
    return listed.filter(
      (payment) =>
        !recorded.has(payment.paymentId) &&
        // A checkout's (process-card's metadata), or a purchase's after booking (purchase-payments.ts).
        ((payment.metadata.offer_id && payment.metadata.brand) || payment.metadata.purchase_id),
    );
  } catch (error) {
    run.notChecked({ kind: 'payments-unlisted', detail: 'the payment processor could not list its payments' }, error);
    return [];
  }
}

/**
 * The reconciler (DESIGN §4): compares the event store with the payment processor and the flight
 * provider, repairs what is safe (each repair an event with its reason) and lists the rest.
 */
export async function reconcile(deps: BookingDeps, options: ReconcileOptions): Promise<ReconciliationReport> {
  const now = deps.clock.now();
  const since = options.since ?? new Date(now.getTime() - WINDOW_MS).toISOString();
  const run = new ReconciliationRun(deps, options.context, {
    repair: options.repair,
    settleMs: options.settleMs ?? SETTLE_MS,
    now,
    since,
  });
  const rows = await new BookingReadModel(deps.sql).createdSince(since);
  const authorizations = await cardPaymentsSince(deps.sql, since);
  const paymentIds = new Set([
    ...authorizations.map((row) => row.paymentId),
    ...rows.flatMap((row) => (row.paymentId ? [row.paymentId] : [])),
  ]);
  const unrecorded = await unrecordedPayments(run, paymentIds);
  let orders: ProviderOrder[] | undefined;
  try {
    orders = await deps.flights.listOrders({ createdAfter: since });
  } catch (error) {
    run.notChecked({ kind: 'orders-unlisted', detail: 'the flight provider could not list its orders' }, error);
  }
  // Orders first: an order found unrecorded is recorded, so the payments pass can record its capture.
  await inTurn(orders ?? [], (order) => checkOrder(run, order));
  await inTurn([...paymentIds], (paymentId) => checkPayment(run, paymentId));
  await inTurn(unrecorded, (payment) => checkUnrecordedPayment(run, payment));
  // Purchases after booking that pay nothing: no card payment leads to them (issue 36).
  await inTurn(await openFreePurchases(deps.sql), (open) => checkFreePurchase(run, open));

  const counts = { confirmed: 0, failed: 0, pending: 0, cancelled: 0, completed: 0 };
  const ordered = new Set((orders ?? []).map((order) => order.id));
  const orderedBookings = new Set((orders ?? []).map((order) => order.metadata.booking_id));
  await inTurn(rows, async ({ bookingId }) => {
    const { state, lastAt } = await run.booking(bookingId);
    if (state.phase === 'none') return;
    counts[countedAs(state.phase)] += 1;
    if ((state.phase === 'confirmed' || state.phase === 'completed') && orders && !ordered.has(state.order.orderId))
      await checkConfirmedOrder(run, bookingId, state.order.orderId);
    const expired = now.getTime() >= Date.parse(state.booking.offerExpiresAt) + UNUSED_HOLD_GRACE_MS;
    if (
      state.phase === 'started' &&
      !state.order &&
      orders &&
      !orderedBookings.has(bookingId) &&
      expired &&
      run.settled(lastAt)
    ) {
      await run.repair(
        { bookingId, kind: 'checkout-never-ordered', detail: 'no order at the provider and the offer has expired' },
        'fail the booking (the saga then voids its hold)',
        () =>
          run.run(bookingId)({
            type: 'RecordOrderFailure',
            data: {
              reason: 'no order was made before the offer expired (reconciler)',
              code: 'OFFER_EXPIRED',
              failureCode: 'OFFER_EXPIRED',
              at: now.toISOString(),
            },
          }),
      );
    }
  });

  const payments = [...run.providerPayments.values()];
  const statuses = payments.filter((payment) => !payment.metadata.purchase_id).map((payment) => payment.status);
  const ofPurchases = payments.filter((payment) => payment.metadata.purchase_id);
  const purchases = (status: string) => ofPurchases.filter((payment) => payment.status === status).length;
  return {
    checkedAt: now.toISOString(),
    since,
    repaired: options.repair,
    counts: {
      bookings: counts,
      authorizations: paymentIds.size + unrecorded.length - ofPurchases.length,
      // Ticketed orders: a hold the airline keeps unpaid (held, or run out) is no booking's order yet.
      orders: (orders ?? []).filter((order) => order.cancelled_at === null && !paymentStatusOf(order).awaitingPayment)
        .length,
      captures: statuses.filter((status) => status === 'captured').length,
      voids: statuses.filter((status) => status === 'voided').length,
      purchasePayments: {
        captured: purchases('captured'),
        voided: purchases('voided'),
        authorized: purchases('authorized'),
      },
    },
    repairs: run.repairs,
    mismatches: run.mismatches,
    unchecked: run.unchecked,
  };
}

/** How a phase counts in the report: a held trip is pending, a lapsed hold cancelled (issue 36). */
function countedAs(
  phase: Exclude<BookingPhase, 'none'>,
): 'confirmed' | 'failed' | 'pending' | 'cancelled' | 'completed' {
  if (phase === 'started' || phase === 'held') return 'pending';
  if (phase === 'cancelling' || phase === 'expired') return 'cancelled';
  return phase;
}
