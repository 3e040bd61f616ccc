import type { SearchOffer } from '../flights/search-offer.js';
import type { PricingContext } from '../pricing/price-offer.js';
import type { PriceRange } from './filter-state.js';
import { offerDisplayPrice } from './offer-index.js';

/** Seed 000 §9: the slider moves in steps of 10. */
export const PRICE_STEP = 10;

/**
 * Seed 000 §9: the slider runs from the floor of the lowest to the ceiling of the highest
 * displayed price; null when no offer has a readable price.
 */
export function priceBounds(offers: readonly SearchOffer[], context?: PricingContext): PriceRange | null {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const offer of offers) {
    const price = offerDisplayPrice(offer, context);
    if (Number.isNaN(price)) continue;
    if (price < min) min = price;
    if (price > max) max = price;
  }
  return min === Number.POSITIVE_INFINITY ? null : { min: Math.floor(min), max: Math.ceil(max) };
}
