import type { SearchOffer } from '../flights/search-offer.js';
import { bestScores } from './best.js';
import { offerFacts } from './offer-index.js';
import type { ProviderSort, SortOption } from './sort-options.js';

export {
  DEFAULT_SORT,
  isProviderSort,
  isSortOption,
  PROVIDER_SORT_VALUES,
  SORT_OPTIONS,
  SORT_VALUES,
  type ProviderSort,
  type SortOption,
} from './sort-options.js';

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
export function sortKey(offer: SearchOffer, sort: ProviderSort): number {
  const { suppliedPrice, totalMinutes } = offerFacts(offer);
  if (sort === 'duration-asc') return totalMinutes ?? Number.POSITIVE_INFINITY;
  if (sort === 'price-desc' && suppliedPrice !== Number.POSITIVE_INFINITY) return -suppliedPrice;
  return suppliedPrice;
}

interface Keyed<T> {
  offer: T;
  keys: number[];
  departure: string;
}

/** The criteria in order: the first, then the ties (price, then duration; duration, then price). */
function keysOf(offers: readonly SearchOffer[], sort: SortOption): (offer: SearchOffer) => number[] {
  const minutes = (offer: SearchOffer) => offerFacts(offer).totalMinutes ?? Number.POSITIVE_INFINITY;
  const price = (offer: SearchOffer) => offerFacts(offer).suppliedPrice;
  if (sort === 'best') {
    const scores = bestScores(offers);
    return (offer) => [scores.get(offer)!, price(offer), minutes(offer)];
  }
  if (sort === 'emissions-asc') {
    return (offer) => [offerFacts(offer).emissionsKg ?? Number.POSITIVE_INFINITY, price(offer), minutes(offer)];
  }
  if (sort === 'duration-asc') return (offer) => [minutes(offer), price(offer)];
  return (offer) => [sortKey(offer, sort), minutes(offer)];
}

function compare<T>(a: Keyed<T>, b: Keyed<T>, byDeparture: boolean): number {
  for (let index = 0; index < a.keys.length; index += 1) {
    const order = ascending(a.keys[index]!, b.keys[index]!);
    if (order !== 0) return order;
  }
  return byDeparture ? a.departure.localeCompare(b.departure) : 0;
}

/**
 * A sorted copy (stable: equal offers keep their order). Prices compare as supplied (as the engine
 * sorts them: a brand's rules could reorder offers a few units apart, see pricing/README.md);
 * unreadable prices, durations and emissions sort last. Best and emissions break ties by price,
 * then duration, then departure.
 */
export function sortOffers<T extends SearchOffer>(offers: readonly T[], sort: SortOption): T[] {
  const keys = keysOf(offers, sort);
  const byDeparture = sort === 'best' || sort === 'emissions-asc';
  return offers
    .map((offer): Keyed<T> => ({ offer, keys: keys(offer), departure: offerFacts(offer).departure }))
    .sort((a, b) => compare(a, b, byDeparture))
    .map((keyed) => keyed.offer);
}
