import type { SearchOffer } from '../flights/search-offer.js';
import type { PricingContext } from '../pricing/price-offer.js';
import type { TimeBucketId } from '../reference/time-buckets.js';
import type { FilterState } from './filter-state.js';
import { offerDisplayPrice, offerFacts } from './offer-index.js';
import { matchesStopOption } from './stops.js';

type Rule = (offer: SearchOffer) => boolean;

function anyIn(buckets: ReadonlyArray<TimeBucketId | undefined>, wanted: readonly TimeBucketId[]): boolean {
  return buckets.some((bucket) => bucket !== undefined && wanted.includes(bucket));
}

/** The rules of seed 000 §5 that the state turns on; an empty list filters nothing. */
function activeRules(filters: FilterState, context?: PricingContext): Rule[] {
  const rules: Rule[] = [];
  const { priceRange, airlines, stops, departureTime, arrivalTime, duration } = filters;
  if (priceRange) {
    rules.push((offer) => {
      const price = offerDisplayPrice(offer, context);
      return price >= priceRange.min && price <= priceRange.max;
    });
  }
  // An airline matches any marketing carrier of any segment.
  if (airlines.length > 0) rules.push((offer) => offerFacts(offer).carriers.some((code) => airlines.includes(code)));
  // Stops match any slice; the option 2 means 2 or more.
  if (stops.length > 0) {
    rules.push((offer) =>
      offerFacts(offer).stops.some((count) => stops.some((option) => matchesStopOption(count, option))),
    );
  }
  // Buckets use the first departure and the last arrival of each slice.
  if (departureTime.length > 0) rules.push((offer) => anyIn(offerFacts(offer).departureBuckets, departureTime));
  if (arrivalTime.length > 0) rules.push((offer) => anyIn(offerFacts(offer).arrivalBuckets, arrivalTime));
  // The maximum (hours) bounds every slice; an unknown duration cannot be shown to be within it.
  if (duration !== null) {
    rules.push((offer) => {
      const longest = offerFacts(offer).longestSliceMinutes;
      return longest !== null && longest <= duration * 60;
    });
  }
  if (filters.refundable) rules.push((offer) => offerFacts(offer).refundable);
  if (filters.baggageIncluded) rules.push((offer) => offerFacts(offer).baggage);
  return [...rules, ...comparisonRules(filters)];
}

/** Issue 35's filters: where and how long the connections are, and emissions per passenger. */
function comparisonRules({ connectingAirports, maxLayoverHours, maxEmissionsKg }: FilterState): Rule[] {
  const rules: Rule[] = [];
  if (connectingAirports.length > 0) {
    rules.push((offer) => offerFacts(offer).connectionAirports.every((code) => connectingAirports.includes(code)));
  }
  if (maxLayoverHours !== null) {
    rules.push((offer) => {
      const longest = offerFacts(offer).longestLayoverMinutes;
      return longest !== null && longest <= maxLayoverHours * 60;
    });
  }
  if (maxEmissionsKg !== null) {
    rules.push((offer) => {
      const kg = offerFacts(offer).emissionsKg;
      return kg !== null && kg <= maxEmissionsKg;
    });
  }
  return rules;
}

/** The offers that pass every active filter, in their original order. */
export function filterOffers<T extends SearchOffer>(
  offers: readonly T[],
  filters: FilterState,
  context?: PricingContext,
): T[] {
  const rules = activeRules(filters, context);
  if (rules.length === 0) return [...offers];
  return offers.filter((offer) => rules.every((rule) => rule(offer)));
}
