import type { SearchOffer } from '../flights/search-offer.js';
import { offerFacts } from './offer-index.js';
import type { SortOption } from './sort-options.js';

export { DEFAULT_SORT, SORT_OPTIONS, SORT_VALUES, isSortOption, type SortOption } from './sort-options.js';

/** Infinity (unknown) after every known value, whatever the direction. */
function ascending(a: number, b: number): number {
  if (a === b) return 0;
  if (a === Number.POSITIVE_INFINITY) return 1;
  if (b === Number.POSITIVE_INFINITY) return -1;
  return a - b;
}

/**
 * The order's first criterion as one number, smallest first, Infinity (unreadable) last: the
 * supplied price (negated for price-desc) or the total travel time. The engine reads it to check
 * that a provider listing sorted by the same criterion arrives in this order.
 */
export function sortKey(offer: SearchOffer, sort: SortOption): number {
  const { suppliedPrice, totalMinutes } = offerFacts(offer);
  if (sort === 'duration-asc') return totalMinutes ?? Number.POSITIVE_INFINITY;
  if (sort === 'price-desc' && suppliedPrice !== Number.POSITIVE_INFINITY) return -suppliedPrice;
  return suppliedPrice;
}

/** Equal first criteria: the shorter trip first for the price orders, the cheaper for duration. */
function tieKey(offer: SearchOffer, sort: SortOption): number {
  const { suppliedPrice, totalMinutes } = offerFacts(offer);
  return sort === 'duration-asc' ? suppliedPrice : (totalMinutes ?? Number.POSITIVE_INFINITY);
}

/**
 * A sorted copy (stable: equal offers keep their order). Prices compare as supplied (as the engine
 * sorts them: a brand's rules could reorder offers a few units apart, see pricing/README.md); unreadable prices and durations sort last.
 */
export function sortOffers<T extends SearchOffer>(offers: readonly T[], sort: SortOption): T[] {
  return offers
    .map((offer) => ({ offer, key: sortKey(offer, sort), tie: tieKey(offer, sort) }))
    .sort((a, b) => ascending(a.key, b.key) || ascending(a.tie, b.tie))
    .map((keyed) => keyed.offer);
}
