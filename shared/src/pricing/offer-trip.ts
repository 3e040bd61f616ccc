import type { FlightOffer } from '../flights/offer.js';
import type { PricingContext } from './price-offer.js';
import type { BrandPricing } from './pricing.js';

/** A full offer's pricing context: its passengers travel, in its first segment's cabin. */
export function fullOfferContext(offer: FlightOffer, pricing: BrandPricing): PricingContext {
  return {
    pricing,
    travellers: offer.passengers.length,
    cabin: offer.slices[0]?.segments[0]?.passengers[0]?.cabin_class,
  };
}
