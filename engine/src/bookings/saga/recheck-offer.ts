import { DEFAULT_PRICING } from '@contrail/shared/pricing/pricing';
import { sameMoney } from '@contrail/shared/booking/money';
import { FlightProviderError } from '../../flights/provider.js';
import type { JobContext, JobHandler } from '../../jobs/job-queue.js';
import { loadBooking } from '../booking-stream.js';
import type { BookingDeps } from '../deps.js';
import { chargeFor } from '../domain/pricing.js';
import type { BookingState } from '../domain/state.js';
import { lookUpOrder } from './order-steps.js';
import { voidFailedBooking } from './payment-steps.js';
import { BookingReadModel } from '../read-model/queries.js';
import { bookingCommands, jobEventContext } from './context.js';

/**
 * Re-verifies the offer of a checkout still waiting for its order: an offer that expired or went
 * away fails the checkout (OfferExpired), so create-order never orders it and the card is voided.
 */
export function recheckOfferHandler(deps: BookingDeps): JobHandler<'recheck-offer'> {
  return ({ bookingId, correlationId }, job) => recheckBooking(deps, bookingId, correlationId, job);
}

/**
 * Periodic: rechecks every checkout in progress, i.e. a booking started whose order is not made yet
 * (read model: pending without an order; confirmed, failed and ordered ones are left alone). Each
 * recheck goes through verify-offer's cache, so the storefront's next poll answers from it.
 */
export function recheckOffersHandler(deps: BookingDeps): JobHandler<'recheck-offers'> {
  const readModel = new BookingReadModel(deps.sql);
  return async (_payload, job) => {
    for (const bookingId of await readModel.inCheckout()) {
      // One offer the provider cannot answer for now must not hold up the others: the next sweep retries it.
      await recheckBooking(deps, bookingId, undefined, job).catch((error: unknown) =>
        deps.logger.warn({ bookingId, err: error }, 'could not recheck the offer of a checkout'),
      );
    }
  };
}

async function recheckBooking(
  deps: BookingDeps,
  bookingId: string,
  correlationId: string | undefined,
  job: JobContext,
): Promise<void> {
  const loaded = await loadBooking(deps.eventStore, bookingId);
  const { state } = loaded;
  if (state.phase !== 'started' || state.order) return;
  const { booking } = state;
  const run = bookingCommands(deps, bookingId, jobEventContext(job, booking.brandKey, correlationId), loaded);
  const at = deps.clock.now().toISOString();
  let verified: BookingState;
  try {
    const offer = await deps.offerVerifications.verify(booking.offerId, () => deps.flights.getOffer(booking.offerId));
    const brand = await deps.brands.find(booking.brandKey);
    const { price, pricing } = chargeFor(offer, brand?.pricing ?? DEFAULT_PRICING);
    // The booking keeps the price it was started at while the provider asks the same (rules may have changed since).
    const unchanged = booking.pricing
      ? sameMoney(booking.pricing.provider, pricing.provider)
      : booking.price.amount === price.amount;
    verified = (
      await run({
        type: 'VerifyOffer',
        data: {
          result: 'valid',
          price: unchanged ? booking.price : price,
          expiresAt: offer.expires_at,
          at,
        },
      })
    ).state;
  } catch (error) {
    if (!(error instanceof FlightProviderError) || (error.kind !== 'not_found' && error.kind !== 'offer_unavailable'))
      throw error;
    // An offer is sold once: the order job may have ordered it for this very booking, not yet recorded.
    if (await lookUpOrder(deps.flights, bookingId, deps.logger)) return;
    verified = (await run({ type: 'VerifyOffer', data: { result: 'unavailable', at } })).state;
  }
  // An offer that ran out fails the checkout: give the card back at once (the saga does it too, from the record).
  await voidFailedBooking(deps, verified, run);
}
