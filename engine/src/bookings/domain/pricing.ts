import type { FlightOffer } from '@contrail/shared';
import { fullOfferContext } from '@contrail/shared/pricing/offer-trip';
import { priceOffer } from '@contrail/shared/pricing/price-offer';
import type { BrandPricing } from '@contrail/shared/pricing/pricing';
import type { Money } from '@contrail/shared/booking/money';
import type { PricingRecord } from './events.js';
import { invalidField } from './refusals.js';

/** What the engine charges for an offer on a brand, and how it came to it (recorded with the booking). */
export interface Charge {
  price: Money;
  pricing: PricingRecord;
}

/**
 * The engine's price of an offer under the brand's rules: the shared priceOffer, in minor units.
 * The client never decides the amount; it can only agree with it.
 */
export function chargeFor(offer: FlightOffer, pricing: BrandPricing): Charge {
  const priced = priceOffer(pricing, { ...offer, ...fullOfferContext(offer, pricing) });
  if (!priced) throw invalidField('offerId', 'The offer has no price');
  const money = (amount: number): Money => ({ amount, currency: priced.currency });
  return {
    price: money(priced.customer),
    pricing: { ruleId: priced.ruleId, provider: money(priced.provider), margin: money(priced.margin) },
  };
}
