import type { SearchOffer, SearchSegment, SearchSlice } from '../flights/search-offer.js';
import { durationMinutes } from './format.js';
import { sliceLayovers } from './layovers.js';

/** Seed 000 §2: an offer with a missing slice or a slice without segments is not shown. */
export function isDisplayableOffer(offer: SearchOffer | null | undefined): offer is SearchOffer {
  return (
    !!offer &&
    Array.isArray(offer.slices) &&
    offer.slices.length > 0 &&
    offer.slices.every((slice) => !!slice && Array.isArray(slice.segments) && slice.segments.length > 0)
  );
}

export function firstSegment(slice: SearchSlice): SearchSegment | undefined {
  return slice.segments[0];
}

export function lastSegment(slice: SearchSlice): SearchSegment | undefined {
  return slice.segments[slice.segments.length - 1];
}

/** First departure of a slice (local airport time). */
export function sliceDeparture(slice: SearchSlice): string | undefined {
  return firstSegment(slice)?.departing_at ?? slice.departure_time;
}

/** Last arrival of a slice (local airport time). */
export function sliceArrival(slice: SearchSlice): string | undefined {
  return lastSegment(slice)?.arriving_at ?? slice.arrival_time;
}

export function sliceStops(slice: SearchSlice): number {
  return Math.max(0, slice.segments.length - 1);
}

/** Travel time of one slice in minutes: its own duration, else its segments' plus its layovers. */
export function sliceDurationMinutes(slice: SearchSlice): number | null {
  const own = durationMinutes(slice.duration);
  if (own !== null) return own;
  let total = 0;
  for (const segment of slice.segments) {
    const minutes = durationMinutes(segment.duration);
    if (minutes === null) return null;
    total += minutes;
  }
  for (const layover of sliceLayovers(slice)) {
    if (layover.minutes === null) return null;
    total += layover.minutes;
  }
  return total;
}

/** Total travel time over all slices, for the duration sort; null when any slice's is unknown. */
export function offerDurationMinutes(offer: SearchOffer): number | null {
  let total = 0;
  for (const slice of offer.slices) {
    const minutes = sliceDurationMinutes(slice);
    if (minutes === null) return null;
    total += minutes;
  }
  return total;
}

/** The longest slice, which the maximum-duration filter bounds. */
export function longestSliceMinutes(offer: SearchOffer): number | null {
  let longest = 0;
  for (const slice of offer.slices) {
    const minutes = sliceDurationMinutes(slice);
    if (minutes === null) return null;
    longest = Math.max(longest, minutes);
  }
  return longest;
}

/** Marketing carriers of every segment (the airline filter matches any of them). */
export function marketingCarrierCodes(offer: SearchOffer): string[] {
  const codes = new Set<string>();
  for (const slice of offer.slices) {
    for (const segment of slice.segments) {
      const code = segment.marketing_carrier?.iata_code;
      if (code) codes.add(code);
    }
  }
  return [...codes];
}

export interface Carrier {
  code: string | null;
  name: string;
  logoUrl: string | null;
}

/** Distinct marketing carriers of a slice, in flying order, for the card's logos and names. */
export function sliceCarriers(slice: SearchSlice): Carrier[] {
  const seen = new Map<string, Carrier>();
  for (const segment of slice.segments) {
    const carrier = segment.marketing_carrier;
    if (!carrier) continue;
    const key = carrier.iata_code ?? carrier.name;
    if (!seen.has(key)) {
      seen.set(key, {
        code: carrier.iata_code,
        name: carrier.name,
        logoUrl: carrier.logo_url ?? segment.airline?.logo_url ?? null,
      });
    }
  }
  return [...seen.values()];
}

/** Seed 000 §5: baggage means some available service's type contains "baggage". */
export function hasBaggageService(offer: SearchOffer): boolean {
  const mentionsBaggage = (service: { type?: string | null }) =>
    typeof service?.type === 'string' && service.type.toLowerCase().includes('baggage');
  if ((offer.available_services ?? []).some(mentionsBaggage)) return true;
  // Search results carry no available services (Duffel lists leave them out), so the bags each
  // segment includes count too; every fare includes a carry-on, so only a checked bag tells.
  const includesHoldBag = (service: { type?: string | null }) =>
    mentionsBaggage(service) && !service.type!.toLowerCase().includes('carry_on');
  return offer.slices.some((slice) => slice.segments.some((segment) => (segment.services ?? []).some(includesHoldBag)));
}
