import { decimalAmount } from '@contrail/shared/booking/money';
import { paymentStatusOf } from '../../flights/hold-status.js';
import { providerTotalOf } from '../../flights/provider-total.js';
import { FlightProviderError, type ProviderOrder } from '../../flights/provider.js';
import { cardFeeIfKnown } from '../../payments/card-fee.js';
import { PermanentJobError, type JobHandler } from '../../jobs/job-queue.js';
import type { EventContext } from '../../eventstore/metadata.js';
import { loadBooking } from '../booking-stream.js';
import type { BookingDeps } from '../deps.js';
import type { BookingState, Held } from '../domain/state.js';
import { bookingCommands, jobEventContext, type RunCommands } from '../saga/context.js';
import { captureOnce, voidOnce } from '../saga/payment-steps.js';
import { sagaStep } from '../saga/steps.js';
import { heldPrice } from './held-price.js';

/** The airline's refusals that end the hold: its seats are released. */
const RELEASED = new Set(['past_payment_required_by_date', 'already_cancelled']);

/**
 * Pays a held trip (issue 36) once the traveller's card is authorized: the airline first (Duffel's
 * `air/payments`, at the order's total), then the capture and the confirmation. A new total
 * (`price_changed`) is recorded with the traveller's new price and the card given back; a hold the
 * airline released is recorded as expired. An answer lost on the way is resolved by reading the
 * order (paid or still awaiting payment) before anything is given back.
 */
export function payHoldHandler(deps: BookingDeps): JobHandler<'pay-hold'> {
  return async ({ bookingId, correlationId }, job) => {
    const loaded = await loadBooking(deps.eventStore, bookingId);
    let { state } = loaded;
    if (state.phase === 'none') throw new PermanentJobError(`No booking ${bookingId}`);
    if (state.phase !== 'held' || state.payment?.status !== 'authorized') return;
    const context = jobEventContext(job, state.booking.brandKey, correlationId);
    const run = bookingCommands(deps, bookingId, context, loaded);
    try {
      if (!state.hold.airlinePaymentId) {
        if (!job.firstTry && (await voidedUnrecorded(deps, state, run))) return;
        state = await payAirline(deps, state, run);
      }
      await captureAndConfirm(deps, state, run);
    } catch (error) {
      if (job.attempt < job.maxAttempts || error instanceof PermanentJobError) throw error;
      if (!(await settleOnGivingUp(deps, bookingId, context, error))) throw error;
    }
  };
}

/**
 * pay-hold's last try failed before the airline payment was recorded: rather than leave the card
 * authorized until the hold's deadline (hours, or days), the order is read once more. Paid (an
 * answer every try lost), it is recorded, captured once and confirmed; not paid, the card is given
 * back and the trip stays held, so the traveller can pay again (a new authorization, a new job);
 * released by the airline, the card is given back and the hold recorded expired. Nothing is given
 * back on a guess: a lookup that fails leaves it all to the deadline job, as before. False: nothing
 * was settled here.
 */
async function settleOnGivingUp(
  deps: BookingDeps,
  bookingId: string,
  context: EventContext,
  error: unknown,
): Promise<boolean> {
  const loaded = await loadBooking(deps.eventStore, bookingId);
  const { state } = loaded;
  // Paid at the airline already (recorded): only the capture failed, and the deadline job captures it.
  if (state.phase !== 'held' || state.payment?.status !== 'authorized' || state.hold.airlinePaymentId) return false;
  let order: ProviderOrder;
  try {
    order = await deps.flights.getOrder(state.hold.orderId);
  } catch (lookupError) {
    deps.logger.warn({ bookingId, err: lookupError }, 'pay-hold gave up and the order could not be read');
    return false;
  }
  const run = bookingCommands(deps, bookingId, context, loaded);
  const why = (error as Error).message;
  if (!paymentStatusOf(order).awaitingPayment && !order.cancelled_at) {
    const paid = await recordFoundPayment(deps, order, run, `the airline was paid, found when paying gave up: ${why}`);
    await captureAndConfirm(deps, paid, run);
    return true;
  }
  await giveBack(deps, state, run, `paying the airline failed (${why}); the trip stays held`);
  if (order.cancelled_at) {
    const at = deps.clock.now().toISOString();
    await run({ type: 'ExpireHold', data: { reason: 'the airline released the hold', airlineReleased: true, at } });
  }
  deps.logger.warn({ bookingId, err: error }, 'pay-hold gave up: the airline was not paid, the card is given back');
  return true;
}

/** The airline is paid: the card is captured (once, by key) and the trip confirmed. */
export async function captureAndConfirm(deps: BookingDeps, state: BookingState, run: RunCommands): Promise<void> {
  if (state.phase !== 'held' || !state.hold.airlinePaymentId || state.payment?.status !== 'authorized') return;
  const bookingId = state.booking.bookingId;
  const captured = await captureOnce(deps.payments, state.payment.paymentId, bookingId);
  sagaStep('hold-payment-captured');
  const fee = await cardFeeIfKnown(deps.payments, { paymentId: captured.paymentId }, deps.logger);
  const at = deps.clock.now().toISOString();
  await run([
    {
      type: 'RecordPaymentCapture',
      data: { paymentId: captured.paymentId, amount: captured.amount, fee, at },
    },
    { type: 'ConfirmBooking', data: { at } },
  ]);
}

/** The airline payment the order shows, found after an answer was lost: recorded as the hold's payment. */
export async function recordFoundPayment(
  deps: BookingDeps,
  order: ProviderOrder,
  run: RunCommands,
  repair: string,
): Promise<BookingState> {
  const airlinePaymentId = airlinePaymentIdOf(order.raw) ?? `paid-${order.id}`;
  const at = deps.clock.now().toISOString();
  return (await run({ type: 'RecordHoldPaid', data: { airlinePaymentId, amount: providerTotalOf(order), repair, at } }))
    .state;
}

async function payAirline(deps: BookingDeps, state: Held, run: RunCommands): Promise<BookingState> {
  const { orderId, providerTotal } = state.hold;
  const at = () => deps.clock.now().toISOString();
  try {
    const paid = await deps.flights.payOrder(
      orderId,
      decimalAmount(providerTotal.amount, providerTotal.currency),
      providerTotal.currency,
    );
    sagaStep('hold-airline-paid');
    return (await run({ type: 'RecordHoldPaid', data: { airlinePaymentId: paid.id, amount: providerTotal, at: at() } }))
      .state;
  } catch (error) {
    if (!(error instanceof FlightProviderError)) throw error;
    // Whatever the answer, the order tells what happened: paid, repriced, released, or untouched.
    const order = await deps.flights.getOrder(orderId);
    const status = paymentStatusOf(order);
    if (!status.awaitingPayment && !order.cancelled_at)
      return recordFoundPayment(
        deps,
        order,
        run,
        `the airline was paid, found by reading the order after: ${error.message}`,
      );
    if (order.cancelled_at || RELEASED.has(error.providerCode ?? '')) {
      await giveBack(deps, state, run, `the airline released the hold: ${error.message}`);
      return (await run({ type: 'ExpireHold', data: { reason: error.message, airlineReleased: true, at: at() } }))
        .state;
    }
    if (error.kind === 'price_changed') {
      const newTotal = providerTotalOf(order);
      const price = await heldPrice(deps, state, newTotal);
      await giveBack(deps, state, run, 'the airline changed the price of the held trip');
      return (await run({ type: 'RecordHoldPriceChange', data: { providerTotal: newTotal, price, at: at() } })).state;
    }
    throw error;
  }
}

/**
 * A try that gave the card back and died before recording it left the stream saying "authorized":
 * the processor is asked before the airline is paid again, so that it is never paid with a voided
 * card. Found voided, the void is recorded and the trip stays held (the deadline job reads the
 * order if the airline released it). Only retries ask: a first try follows a fresh authorization.
 */
async function voidedUnrecorded(deps: BookingDeps, state: Held, run: RunCommands): Promise<boolean> {
  const paymentId = state.payment!.paymentId;
  if ((await deps.payments.retrieve(paymentId)).status !== 'voided') return false;
  const reason = 'the card was given back by an earlier try that stopped before recording it; the trip stays held';
  await run({ type: 'RecordPaymentVoid', data: { paymentId, reason, at: deps.clock.now().toISOString() } });
  return true;
}

/** The card authorization the airline payment will not use is voided, and that recorded. */
async function giveBack(deps: BookingDeps, state: Held, run: RunCommands, reason: string): Promise<void> {
  const payment = state.payment;
  if (payment?.status !== 'authorized') return;
  await voidOnce(deps.payments, payment.paymentId, `hold-${payment.paymentId}`);
  sagaStep('hold-payment-voided');
  await run({
    type: 'RecordPaymentVoid',
    data: { paymentId: payment.paymentId, reason, at: deps.clock.now().toISOString() },
  });
}

function airlinePaymentIdOf(raw: unknown): string | undefined {
  const payments = (raw as { payments?: Array<{ id?: string }> } | null)?.payments;
  return payments?.find((payment) => payment.id)?.id;
}
