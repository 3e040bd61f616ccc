import { providerTotalOf } from '../../flights/provider-total.js';
import { paymentStatusOf } from '../../flights/hold-status.js';
import { FlightProviderError, type ProviderOrder } from '../../flights/provider.js';
import { PermanentJobError, type JobHandler } from '../../jobs/job-queue.js';
import { loadBooking } from '../booking-stream.js';
import type { BookingDeps } from '../deps.js';
import { OrderInputError, orderInputOf } from '../domain/order-input.js';
import { Refusal } from '../domain/refusals.js';
import type { InCheckout } from '../domain/state.js';
import { openPassengers } from '../pii/passengers.js';
import { bookingCommands, jobEventContext, type RunCommands } from '../saga/context.js';
import { cancelStrayOrder } from '../saga/create-order.js';
import { lookUpOrder } from '../saga/order-steps.js';
import { heldPrice } from './held-price.js';

/** Answers that say the airline refused the hold for good. */
const DEFINITIVE = new Set(['invalid', 'offer_unavailable', 'price_changed', 'not_found']);

/**
 * Asks the airline to hold a checkout's fare (issue 36): `type: hold`, no payment. An order the
 * airline may have made on an earlier try whose answer was lost is looked up first, and again
 * after any failed call: found, it is recorded; proven absent and refused, the checkout fails
 * (nothing was charged, so nothing is voided); a lookup that fails retries the job.
 */
export function holdOrderHandler(deps: BookingDeps): JobHandler<'hold-order'> {
  return async ({ bookingId, correlationId }, job) => {
    const loaded = await loadBooking(deps.eventStore, bookingId);
    const { state } = loaded;
    if (state.phase === 'none') throw new PermanentJobError(`No booking ${bookingId}`);
    if (state.phase !== 'started' || !state.holdRequest || state.order) return;
    const run = bookingCommands(deps, bookingId, jobEventContext(job, state.booking.brandKey, correlationId), loaded);
    const earlier = job.firstTry ? undefined : await lookUpOrder(deps.flights, bookingId, deps.logger);
    if (earlier) return void (await recordHeld(deps, state, run, earlier, 'found by a lookup after an earlier try'));
    let order: ProviderOrder;
    try {
      const passengers = await openPassengers(deps.vault, state.passengers);
      order = await deps.flights.createOrder({ ...orderInputOf(state, passengers), services: [], type: 'hold' });
    } catch (error) {
      if (error instanceof OrderInputError) return fail(deps, run, error.message, 'INVALID_PASSENGERS');
      const existing = await lookUpOrder(deps.flights, bookingId, deps.logger);
      if (existing)
        return void (await recordHeld(deps, state, run, existing, 'found by a lookup after the hold call failed'));
      if (!(error instanceof FlightProviderError) || !DEFINITIVE.has(error.kind)) throw error;
      return fail(deps, run, error.message, error.providerCode ?? error.kind);
    }
    await recordHeld(deps, state, run, order);
  };
}

async function fail(deps: BookingDeps, run: RunCommands, reason: string, code: string): Promise<void> {
  const failureCode = code === 'price_changed' ? 'PRICE_CHANGED' : 'BOOKING_FAILED';
  await run({ type: 'RecordOrderFailure', data: { reason, code, failureCode, at: deps.clock.now().toISOString() } });
}

/** Records the hold with the airline's deadline and total; a hold made for a booking that failed meanwhile is cancelled. */
async function recordHeld(
  deps: BookingDeps,
  state: InCheckout,
  run: RunCommands,
  order: ProviderOrder,
  repair?: string,
): Promise<void> {
  const status = paymentStatusOf(order);
  const providerTotal = providerTotalOf(order);
  const price = await heldPrice(deps, state, providerTotal);
  try {
    await run({
      type: 'RecordOrderHeld',
      data: {
        orderId: order.id,
        bookingReference: order.booking_reference,
        providerTotal,
        price,
        paymentRequiredBy: status.paymentRequiredBy ?? state.holdRequest!.paymentRequiredBy,
        priceGuaranteeExpiresAt: status.priceGuaranteeExpiresAt ?? state.holdRequest!.priceGuaranteeExpiresAt,
        ...(repair && { repair }),
        at: deps.clock.now().toISOString(),
      },
    });
  } catch (error) {
    if (!(error instanceof Refusal) || error.code !== 'BOOKING_FAILED') throw error;
    await cancelStrayOrder(deps, state.booking.bookingId, order, run, 'the checkout had failed when its hold was made');
  }
}
