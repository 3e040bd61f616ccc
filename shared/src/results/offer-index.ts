import { customerPrice } from '../flights/customer-price.js';
import type { SearchOffer } from '../flights/search-offer.js';
import { timeBucketOf, type TimeBucketId } from '../reference/time-buckets.js';
import {
  hasBaggageService,
  longestSliceMinutes,
  marketingCarrierCodes,
  offerDurationMinutes,
  sliceArrival,
  sliceDeparture,
  sliceStops,
} from './offer-facts.js';

/** What the filters and sorts read of one offer, worked out once per offer object. */
export interface OfferFacts {
  suppliedPrice: number;
  carriers: string[];
  stops: number[];
  departureBuckets: Array<TimeBucketId | undefined>;
  arrivalBuckets: Array<TimeBucketId | undefined>;
  longestSliceMinutes: number | null;
  totalMinutes: number | null;
  refundable: boolean;
  baggage: boolean;
  /** The display price for the last markup asked, so a filter change never re-parses amounts. */
  priced: { markup: number | undefined; price: number } | null;
}

// Offers are immutable once received, so their facts can live as long as they do.
const cache = new WeakMap<SearchOffer, OfferFacts>();

export function offerFacts(offer: SearchOffer): OfferFacts {
  let facts = cache.get(offer);
  if (!facts) {
    const supplied = Number.parseFloat(offer.total_amount);
    facts = {
      suppliedPrice: Number.isFinite(supplied) ? supplied : Number.POSITIVE_INFINITY,
      carriers: marketingCarrierCodes(offer),
      stops: offer.slices.map(sliceStops),
      departureBuckets: offer.slices.map((slice) => bucket(sliceDeparture(slice))),
      arrivalBuckets: offer.slices.map((slice) => bucket(sliceArrival(slice))),
      longestSliceMinutes: longestSliceMinutes(offer),
      totalMinutes: offerDurationMinutes(offer),
      refundable: offer.conditions?.refundable === true,
      baggage: hasBaggageService(offer),
      priced: null,
    };
    cache.set(offer, facts);
  }
  return facts;
}

function bucket(time: string | undefined): TimeBucketId | undefined {
  return time ? timeBucketOf(time) : undefined;
}

/** The offer's display price through the shared `customerPrice`, remembered per markup. */
export function offerDisplayPrice(offer: SearchOffer, markup?: number): number {
  const facts = offerFacts(offer);
  if (!facts.priced || facts.priced.markup !== markup) {
    facts.priced = { markup, price: customerPrice(offer.total_amount, markup) };
  }
  return facts.priced.price;
}
