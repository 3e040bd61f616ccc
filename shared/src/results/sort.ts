import type { FlightOffer } from '../flights/offer.js';
import { offerFacts } from './offer-index.js';

/** Seed 000 §9: sort options, price-asc by default. */
export const SORT_OPTIONS = [
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'price-desc', label: 'Price: High to Low' },
  { value: 'duration-asc', label: 'Duration: Shortest' },
] as const;

export type SortOption = (typeof SORT_OPTIONS)[number]['value'];
export const DEFAULT_SORT: SortOption = 'price-asc';

export function isSortOption(value: unknown): value is SortOption {
  return SORT_OPTIONS.some((option) => option.value === value);
}

interface Keyed {
  offer: FlightOffer;
  price: number;
  duration: number;
}

/** Infinity (unknown) after every known value, whatever the direction. */
function ascending(a: number, b: number): number {
  if (a === b) return 0;
  if (a === Number.POSITIVE_INFINITY) return 1;
  if (b === Number.POSITIVE_INFINITY) return -1;
  return a - b;
}

const comparators: Record<SortOption, (a: Keyed, b: Keyed) => number> = {
  'price-asc': (a, b) => ascending(a.price, b.price) || ascending(a.duration, b.duration),
  'price-desc': (a, b) => {
    if (a.price === Number.POSITIVE_INFINITY || b.price === Number.POSITIVE_INFINITY)
      return ascending(a.price, b.price);
    return b.price - a.price || ascending(a.duration, b.duration);
  },
  'duration-asc': (a, b) => ascending(a.duration, b.duration) || ascending(a.price, b.price),
};

/**
 * A sorted copy (stable: equal offers keep their order). Prices compare as supplied (the markup
 * never changes the order); unreadable prices and durations sort last.
 */
export function sortOffers(offers: readonly FlightOffer[], sort: SortOption): FlightOffer[] {
  return offers
    .map((offer) => {
      const facts = offerFacts(offer);
      return { offer, price: facts.suppliedPrice, duration: facts.totalMinutes ?? Number.POSITIVE_INFINITY };
    })
    .sort(comparators[sort])
    .map((keyed) => keyed.offer);
}
