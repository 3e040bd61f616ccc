import type { SearchOffer } from '../flights/search-offer.js';
import { bestScores } from './best.js';
import { wantsBags } from '../pricing/bags.js';
import type { PricingContext } from '../pricing/price-offer.js';
import { offerFacts, offerPriced } from './offer-index.js';
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

/**
 * The price an order compares: the supplied price, or with bags (issue 35) the price the card shows
 * with them (the brand's price of the offer plus the bags at the airline's), so that the cheapest
 * with my bags comes first as shown: bags carry no markup, so supplied prices could misorder them.
 */
export function comparedPrice(context?: PricingContext): (offer: SearchOffer) => number {
  if (!wantsBags(context?.bags)) return (offer) => offerFacts(offer).suppliedPrice;
  return (offer) => {
    const { price } = offerPriced(offer, context);
    return Number.isNaN(price) ? Number.POSITIVE_INFINITY : price;
  };
}

/** With bags asked for, the price and Best orders list the offers that cannot carry them last. */
function bagsRank(context?: PricingContext): (offer: SearchOffer) => number {
  if (!wantsBags(context?.bags)) return () => 0;
  return (offer) => (offerPriced(offer, context).carriesBags === false ? 1 : 0);
}

/** The criteria in order: the first, then the ties (price, then duration; duration, then price). */
function keysOf(
  offers: readonly SearchOffer[],
  sort: SortOption,
  context?: PricingContext,
): (offer: SearchOffer) => number[] {
  const minutes = (offer: SearchOffer) => offerFacts(offer).totalMinutes ?? Number.POSITIVE_INFINITY;
  const price = comparedPrice(context);
  const rank = bagsRank(context);
  if (sort === 'best') {
    const scores = bestScores(offers, price);
    return (offer) => [rank(offer), scores.get(offer)!, price(offer), minutes(offer)];
  }
  if (sort === 'emissions-asc') {
    return (offer) => [offerFacts(offer).emissionsKg ?? Number.POSITIVE_INFINITY, price(offer), minutes(offer)];
  }
  if (sort === 'duration-asc') return (offer) => [minutes(offer), price(offer)];
  const signed = (offer: SearchOffer) => {
    const value = price(offer);
    return sort === 'price-desc' && value !== Number.POSITIVE_INFINITY ? -value : value;
  };
  return (offer) => [rank(offer), signed(offer), minutes(offer)];
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
 * then duration, then departure. With `context.bags`, prices compare with the bags each offer needs
 * bought, and the price and Best orders list offers that cannot carry them last.
 */
export function sortOffers<T extends SearchOffer>(
  offers: readonly T[],
  sort: SortOption,
  context?: PricingContext,
): T[] {
  const keys = keysOf(offers, sort, context);
  const byDeparture = sort === 'best' || sort === 'emissions-asc';
  return offers
    .map((offer): Keyed<T> => ({ offer, keys: keys(offer), departure: offerFacts(offer).departure }))
    .sort((a, b) => compare(a, b, byDeparture))
    .map((keyed) => keyed.offer);
}
