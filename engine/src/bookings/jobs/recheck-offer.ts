import { FlightProviderError } from '../../flights/provider.js';
import type { JobHandler } from '../../jobs/job-queue.js';
import { loadBooking } from '../booking-stream.js';
import type { BookingDeps } from '../deps.js';
import { voidOnce } from '../payment-steps.js';
import { customerPrice } from '../pricing.js';
import { bookingCommands, jobEventContext } from './context.js';

/**
 * Re-verifies the offer of a checkout still waiting for its order: an offer that expired or went
 * away fails the checkout (OfferExpired), so create-order never orders it and the card is voided.
 */
export function recheckOfferHandler(deps: BookingDeps): JobHandler<'recheck-offer'> {
  return async ({ bookingId, correlationId }, job) => {
    const { state } = await loadBooking(deps.eventStore, bookingId);
    const booking = state.booking;
    if (!booking || state.phase !== 'started' || state.order) return;
    const run = bookingCommands(deps, bookingId, jobEventContext(job, booking.brandKey, correlationId));
    const at = deps.clock.now().toISOString();
    try {
      const offer = await deps.flights.getOffer(booking.offerId);
      const brand = await deps.brands.find(booking.brandKey);
      const price = customerPrice(offer, brand?.priceMarkup ?? 1.23);
      await run({
        type: 'VerifyOffer',
        data: {
          result: 'valid',
          price: booking.price.amount === price.amount ? booking.price : price,
          expiresAt: offer.expires_at,
          at,
        },
      });
    } catch (error) {
      if (!(error instanceof FlightProviderError) || (error.kind !== 'not_found' && error.kind !== 'offer_unavailable'))
        throw error;
      await run({ type: 'VerifyOffer', data: { result: 'unavailable', at } });
    }
    // An offer that ran out fails the checkout: give the card back at once.
    const { state: after } = await loadBooking(deps.eventStore, bookingId);
    if (after.phase === 'failed' && after.payment?.status === 'authorized') {
      await voidOnce(deps.payments, after.payment.paymentId, bookingId);
      await run({
        type: 'RecordPaymentVoid',
        data: { paymentId: after.payment.paymentId, reason: after.failure ?? 'offer expired', at },
      });
    }
  };
}
