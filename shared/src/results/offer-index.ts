import type { SearchOffer } from '../flights/search-offer.js';
import { fromMinorUnits } from '../booking/money.js';
import { priceWithBags } from '../pricing/bags-price.js';
import type { PricingContext } from '../pricing/price-offer.js';
import { timeBucketOf, type TimeBucketId } from '../reference/time-buckets.js';
import { sliceConnections } from './connections.js';
import { emissionsPerPassengerKg } from './emissions.js';
import {
  hasBaggageService,
  marketingCarrierCodes,
  sliceArrival,
  sliceDeparture,
  sliceDurationMinutes,
  sliceStops,
} from './offer-facts.js';

/** An offer's price under one pricing context, with the bags it asks for (issue 35). */
interface PricedFacts {
  context: PricingContext | undefined;
  /** Display units: the brand's price, plus the bags when the offer can carry them. */
  price: number;
  /** Null when no bags are asked for; false when the offer cannot carry them. */
  carriesBags: boolean | null;
}

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
  /** Stops over every slice. */
  totalStops: number;
  /** The first departure (local time text), the Best sort's last tie-break. */
  departure: string;
  /** kg CO2e per seated passenger, or null. */
  emissionsKg: number | null;
  /** Airports where a connection is made (landed at or left from). */
  connectionAirports: string[];
  /** The longest wait between two flights, in minutes (0 without connections); null when unreadable. */
  longestLayoverMinutes: number | null;
  /** The display price for the last pricing asked, so a filter change never re-prices offers. */
  priced: PricedFacts | null;
}

// Offers are immutable once received, so their facts can live as long as they do.
const cache = new WeakMap<SearchOffer, OfferFacts>();

export function offerFacts(offer: SearchOffer): OfferFacts {
  let facts = cache.get(offer);
  if (!facts) {
    facts = factsOf(offer);
    cache.set(offer, facts);
  }
  return facts;
}

/** One pass over the offer's slices: each slice's duration is read once for both duration facts. */
function factsOf(offer: SearchOffer): OfferFacts {
  const supplied = Number.parseFloat(offer.total_amount);
  const stops = offer.slices.map(sliceStops);
  const minutes = offer.slices.map(sliceDurationMinutes);
  const known = minutes.every((each) => each !== null);
  const { connectionAirports, longestLayoverMinutes } = connectionFacts(offer);
  return {
    suppliedPrice: Number.isFinite(supplied) ? supplied : Number.POSITIVE_INFINITY,
    carriers: marketingCarrierCodes(offer),
    stops,
    departureBuckets: offer.slices.map((slice) => bucket(sliceDeparture(slice))),
    arrivalBuckets: offer.slices.map((slice) => bucket(sliceArrival(slice))),
    longestSliceMinutes: known ? Math.max(0, ...(minutes as number[])) : null,
    totalMinutes: known ? (minutes as number[]).reduce((sum, each) => sum + each, 0) : null,
    refundable: offer.conditions?.refundable === true,
    baggage: hasBaggageService(offer),
    totalStops: stops.reduce((sum, count) => sum + count, 0),
    departure: offer.slices[0] ? (sliceDeparture(offer.slices[0]) ?? '') : '',
    emissionsKg: emissionsPerPassengerKg(offer),
    connectionAirports,
    longestLayoverMinutes,
    priced: null,
  };
}

function connectionFacts(offer: SearchOffer): Pick<OfferFacts, 'connectionAirports' | 'longestLayoverMinutes'> {
  const airports = new Set<string>();
  let longest: number | null = 0;
  for (const slice of offer.slices) {
    for (const connection of sliceConnections(slice)) {
      airports.add(connection.arrival.iata_code).add(connection.departure.iata_code);
      longest = longest === null || connection.minutes === null ? null : Math.max(longest, connection.minutes);
    }
  }
  return { connectionAirports: [...airports], longestLayoverMinutes: longest };
}

function bucket(time: string | undefined): TimeBucketId | undefined {
  return time ? timeBucketOf(time) : undefined;
}

/** The offer's price facts through the shared `priceWithBags`, remembered per pricing context. */
export function offerPriced(offer: SearchOffer, context?: PricingContext): PricedFacts {
  const facts = offerFacts(offer);
  if (!facts.priced || facts.priced.context !== context) {
    const priced = priceWithBags(offer, context);
    const plan = priced?.bags ?? null;
    facts.priced = {
      context,
      price: priced ? fromMinorUnits(priced.amount, priced.currency) : Number.NaN,
      carriesBags: plan ? plan.carried : null,
    };
  }
  return facts.priced;
}

/** The offer's display price (with the context's bags), as cards show it and the price filter reads it. */
export function offerDisplayPrice(offer: SearchOffer, context?: PricingContext): number {
  return offerPriced(offer, context).price;
}
