import type { SearchOffer } from '../flights/search-offer.js';
import { longestSliceMinutes } from './offer-facts.js';

/**
 * The maximum-duration slider's range in whole hours: from the shortest to the longest of the
 * offers' longest slices; null when no duration is known.
 */
export function durationBounds(offers: readonly SearchOffer[]): { min: number; max: number } | null {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const offer of offers) {
    const minutes = longestSliceMinutes(offer);
    if (minutes === null) continue;
    min = Math.min(min, minutes);
    max = Math.max(max, minutes);
  }
  if (min === Number.POSITIVE_INFINITY) return null;
  return { min: Math.max(1, Math.floor(min / 60)), max: Math.max(1, Math.ceil(max / 60)) };
}
