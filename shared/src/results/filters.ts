import { displayPrice } from '../flights/display-price.js';
import type { FlightOffer } from '../flights/offer.js';
import { timeBucketOf, type TimeBucketId } from '../reference/time-buckets.js';
import type { FilterState } from './filter-state.js';
import {
  hasBaggageService,
  longestSliceMinutes,
  marketingCarrierCodes,
  sliceArrival,
  sliceDeparture,
  sliceStops,
} from './offer-facts.js';
import { matchesStopOption } from './stops.js';

type Rule = (offer: FlightOffer) => boolean;

function inBuckets(time: string | undefined, buckets: readonly TimeBucketId[]): boolean {
  const bucket = time ? timeBucketOf(time) : undefined;
  return bucket !== undefined && buckets.includes(bucket);
}

/** The rules of seed 000 §5 that the state turns on; an empty list filters nothing. */
function activeRules(filters: FilterState, markup?: number): Rule[] {
  const rules: Rule[] = [];
  const { priceRange, airlines, stops, departureTime, arrivalTime, duration } = filters;
  if (priceRange) {
    rules.push((offer) => {
      const price = displayPrice(offer.total_amount, markup);
      return price >= priceRange.min && price <= priceRange.max;
    });
  }
  if (airlines.length > 0) {
    rules.push((offer) => marketingCarrierCodes(offer).some((code) => airlines.includes(code)));
  }
  if (stops.length > 0) {
    rules.push((offer) =>
      offer.slices.some((slice) => stops.some((option) => matchesStopOption(sliceStops(slice), option))),
    );
  }
  if (departureTime.length > 0) {
    rules.push((offer) => offer.slices.some((slice) => inBuckets(sliceDeparture(slice), departureTime)));
  }
  if (arrivalTime.length > 0) {
    rules.push((offer) => offer.slices.some((slice) => inBuckets(sliceArrival(slice), arrivalTime)));
  }
  if (duration !== null) {
    rules.push((offer) => {
      const longest = longestSliceMinutes(offer);
      return longest !== null && longest <= duration * 60;
    });
  }
  if (filters.refundable) rules.push((offer) => offer.conditions?.refundable === true);
  if (filters.baggageIncluded) rules.push(hasBaggageService);
  return rules;
}

/** The offers that pass every active filter, in their original order. */
export function filterOffers(offers: readonly FlightOffer[], filters: FilterState, markup?: number): FlightOffer[] {
  const rules = activeRules(filters, markup);
  if (rules.length === 0) return [...offers];
  return offers.filter((offer) => rules.every((rule) => rule(offer)));
}
