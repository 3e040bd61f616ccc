import { providerTotalOf } from '../../flights/provider-total.js';
import { cardFeeIfKnown } from '../../payments/card-fee.js';
import type { BookingFailureCode } from '@contrail/shared/booking/failure';
import type { Money } from '@contrail/shared/booking/money';
import { FlightProviderError, type ProviderErrorKind, type ProviderOrder } from '../../flights/provider.js';
import { PermanentJobError, type JobContext, type JobHandler } from '../../jobs/job-queue.js';
import { loadBooking } from '../booking-stream.js';
import type { BookingDeps } from '../deps.js';
import { orderCreationRefusal } from '../domain/decider.js';
import { chargeFor } from '../domain/pricing.js';
import { OrderInputError, orderInputOf } from '../domain/order-input.js';
import { Refusal } from '../domain/refusals.js';
import type { BookingState, InCheckout } from '../domain/state.js';
import { openPassengers } from '../pii/passengers.js';
import { bookingCommands, jobEventContext, type RunCommands } from './context.js';
import { confirmedCancellation, lookUpOrder } from './order-steps.js';
import { captureOnce, voidFailedBooking } from './payment-steps.js';
import { sagaStep } from './steps.js';

/** Answers that say the provider refused the order for good (it made none, unless an earlier try did). */
const DEFINITIVE = new Set(['invalid', 'offer_unavailable', 'price_changed', 'not_found']);

/** The provider refusals the traveller is told apart; any other failure is BOOKING_FAILED. */
const TOLD_APART: Partial<Record<ProviderErrorKind, BookingFailureCode>> = {
  price_changed: 'PRICE_CHANGED',
  offer_unavailable: 'OFFER_EXPIRED',
  not_found: 'OFFER_EXPIRED',
};

/**
 * The saga's middle step (DESIGN §4): create the provider order, capture the payment, confirm;
 * or record why not (the void follows from the record). Each step reads the booking first, so a
 * redelivered job resumes where the last try stopped. An order call whose answer is lost stays
 * ambiguous until a lookup resolves it: found, it is recorded; proven absent, the order is tried
 * again or the booking fails; a lookup that fails retries the job, never fails the booking. A
 * provider that stays silent past the job's fast retries is tried again in rounds of slow retries
 * until the offer expires (issue 39), each round a job of its own, derived from the delay recorded.
 */
export function createOrderHandler(deps: BookingDeps): JobHandler<'create-order'> {
  return async ({ bookingId, correlationId, round }, job) => {
    const loaded = await loadBooking(deps.eventStore, bookingId);
    let { state } = loaded;
    if (state.phase === 'none') throw new PermanentJobError(`No booking ${bookingId}`);
    const run = bookingCommands(deps, bookingId, jobEventContext(job, state.booking.brandKey, correlationId), loaded);
    if (state.phase === 'failed') return voidFailedBooking(deps, state, run);
    if (state.phase === 'started' && !state.order) {
      // Only the job of the latest round orders: an earlier one (redelivered, or the fast job retaken after
      // it recorded the delay) leaves it to that round, so that two jobs never order the same booking at once.
      if (state.orderDelay?.round !== round) return;
      state = await orderStep(deps, state, run, job);
    }
    if (state.phase === 'started' && state.order && state.payment?.status === 'authorized') {
      const captured = await captureOnce(deps.payments, state.payment.paymentId, bookingId);
      sagaStep('payment-captured');
      const fee = await cardFeeIfKnown(deps.payments, { paymentId: captured.paymentId }, deps.logger);
      const at = deps.clock.now().toISOString();
      const { paymentId, amount } = captured;
      await run([
        { type: 'RecordPaymentCapture', data: { paymentId, amount, fee, at } },
        { type: 'ConfirmBooking', data: { at } },
      ]);
    } else if (state.phase === 'started' && state.order && state.payment?.status === 'captured') {
      await run({ type: 'ConfirmBooking', data: { at: deps.clock.now().toISOString() } });
    }
  };
}

/**
 * The order, or why not. A provider that answers neither the order nor a lookup retries the job;
 * once the job's fast retries are spent (or in a round of slow retries, one try each) the delay is
 * recorded instead, and the saga derives the next round from it (saga/reactions.ts).
 */
async function orderStep(
  deps: BookingDeps,
  state: InCheckout,
  run: RunCommands,
  job: JobContext,
): Promise<BookingState> {
  try {
    return await tryOrder(deps, state, run, job);
  } catch (error) {
    const fastRetriesLeft = state.orderDelay === null && job.attempt < job.maxAttempts;
    if (!isProviderSilence(error) || fastRetriesLeft) throw error;
    return delayOrder(deps, state, run, error);
  }
}

/** The provider refused the order for good. */
const isRefusal = (error: unknown): error is FlightProviderError =>
  error instanceof FlightProviderError && DEFINITIVE.has(error.kind);
/** The provider could not be reached, did not answer in time, or failed: no answer either way. */
const isProviderSilence = (error: unknown): error is FlightProviderError =>
  error instanceof FlightProviderError && !DEFINITIVE.has(error.kind);

async function delayOrder(
  deps: BookingDeps,
  state: InCheckout,
  run: RunCommands,
  silence: FlightProviderError,
): Promise<BookingState> {
  const now = deps.clock.now();
  const retryAt = new Date(now.getTime() + deps.orderRecheckMs).toISOString();
  deps.logger.warn(
    { bookingId: state.booking.bookingId, err: silence },
    'the flight provider does not answer the order; trying again later, until the offer expires',
  );
  return (await run({ type: 'RecordOrderDelay', data: { reason: silence.message, retryAt, at: now.toISOString() } }))
    .state;
}

async function tryOrder(
  deps: BookingDeps,
  state: InCheckout,
  run: RunCommands,
  job: JobContext,
): Promise<BookingState> {
  const { bookingId } = state.booking;
  const at = () => deps.clock.now().toISOString();
  const fail = async (reason: string, code: string | null, failureCode: BookingFailureCode, newPrice?: Money) => {
    const data = { reason, code, failureCode, ...(newPrice && { newPrice }), at: at() };
    const failed = (await run({ type: 'RecordOrderFailure', data })).state;
    await voidFailedBooking(deps, failed, run).catch((error: unknown) =>
      deps.logger.warn({ bookingId, err: error }, 'could not void the hold of a failed booking yet; the saga will'),
    );
    return failed;
  };
  const found = (order: ProviderOrder, repair: string) => recordOrder(deps, state, run, order, repair);

  // An earlier try (of this job or an earlier round) may have made the order and lost the answer: look first.
  const earlier =
    job.firstTry && state.orderDelay === null ? undefined : await lookUpOrder(deps.flights, bookingId, deps.logger);
  if (earlier) return found(earlier, 'found by a lookup after an earlier try lost the answer');
  const refusal = orderCreationRefusal(state, at());
  if (refusal)
    return fail(refusal.message, refusal.code, refusal.code === 'OFFER_EXPIRED' ? 'OFFER_EXPIRED' : 'BOOKING_FAILED');

  let order: ProviderOrder;
  try {
    order = await deps.flights.createOrder(orderInputOf(state, await openPassengers(deps.vault, state.passengers)));
  } catch (error) {
    if (error instanceof OrderInputError) return fail(error.message, 'INVALID_PASSENGERS', 'BOOKING_FAILED');
    // The answer was lost or refused: only a lookup tells whether the order exists.
    const existing = await lookUpOrder(deps.flights, bookingId, deps.logger);
    if (existing) return found(existing, 'found by a lookup after the order call failed');
    if (!isRefusal(error)) throw error;
    const told = TOLD_APART[error.kind] ?? 'BOOKING_FAILED';
    return fail(error.message, error.providerCode ?? error.kind, told, await newPriceOf(deps, state, error));
  }
  sagaStep('order-answered');
  deps.logger.info({ bookingId, orderId: order.id }, 'provider order created');
  return recordOrder(deps, state, run, order);
}

/** On a price change: the customer price of the offer at the airline's new total, on the booking's brand, when both are known. */
async function newPriceOf(
  deps: BookingDeps,
  state: InCheckout,
  error: FlightProviderError,
): Promise<Money | undefined> {
  if (!error.newTotal) return undefined;
  const brand = await deps.brands.find(state.booking.brandKey);
  // The brand's rules read the trip (route, carrier) besides the total: the offer as it is now.
  const offer = brand && (await deps.flights.getOffer(state.booking.offerId).catch(() => undefined));
  if (!brand || !offer) return undefined;
  const now = { ...offer, total_amount: error.newTotal.amount, total_currency: error.newTotal.currency };
  return chargeFor(now, brand.pricing).price;
}

/** Records the order; should the booking have failed meanwhile, the order is a stray and is cancelled. */
async function recordOrder(
  deps: BookingDeps,
  state: InCheckout,
  run: RunCommands,
  order: ProviderOrder,
  repair?: string,
): Promise<BookingState> {
  const at = deps.clock.now().toISOString();
  try {
    return (
      await run({
        type: 'RecordOrderCreated',
        data: {
          orderId: order.id,
          bookingReference: order.booking_reference,
          providerTotal: providerTotalOf(order),
          ...(repair && { repair }),
          at,
        },
      })
    ).state;
  } catch (error) {
    if (!(error instanceof Refusal) || error.code !== 'BOOKING_FAILED') throw error;
    return cancelStrayOrder(
      deps,
      state.booking.bookingId,
      order,
      run,
      'the booking had failed when its order was made',
    );
  }
}

/** Cancels an order made for a booking that failed, and records it with its reason. */
export async function cancelStrayOrder(
  deps: Pick<BookingDeps, 'flights' | 'clock'>,
  bookingId: string,
  order: ProviderOrder,
  run: RunCommands,
  reason: string,
): Promise<BookingState> {
  const cancellation = await confirmedCancellation(deps.flights, order.id);
  return (
    await run({
      type: 'RecordStrayOrderCancelled',
      data: {
        orderId: order.id,
        bookingReference: order.booking_reference,
        cancellationId: cancellation.id,
        reason: `${reason} (booking ${bookingId})`,
        at: deps.clock.now().toISOString(),
      },
    })
  ).state;
}
