import type { SearchOffer } from '../flights/search-offer.js';

/** An infant on a lap has no seat: the flight's emissions are shared by the seats sold. */
function seatedPassengers(offer: SearchOffer): number {
  return offer.passengers.filter((passenger) => passenger.type !== 'infant_without_seat').length;
}

/** kg CO2e per seated passenger, whole kilograms; null when the offer carries no estimate. */
export function emissionsPerPassengerKg(offer: SearchOffer): number | null {
  const total = Number.parseFloat(offer.total_emissions_kg ?? '');
  const seated = seatedPassengers(offer);
  if (!Number.isFinite(total) || total <= 0 || seated === 0) return null;
  return Math.round(total / seated);
}

/** The median of some numbers (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export type EmissionsLevel = 'lower' | 'typical' | 'higher';

/** Within 15% of the route's median reads as typical (the band Google Flights shows as "typical"). */
export const TYPICAL_BAND = 0.15;

export const EMISSIONS_LEVEL_LABELS: Record<EmissionsLevel, string> = {
  lower: 'Lower emissions',
  typical: 'Typical emissions',
  higher: 'Higher emissions',
};

/** How far from the median, in whole percent (what the badge says, and what it is judged by). */
function percentFromMedian(kg: number, routeMedian: number): number {
  return Math.round(((kg - routeMedian) / routeMedian) * 100);
}

/** An offer's kilograms against the median of the route's offers. */
export function emissionsLevel(kg: number, routeMedian: number): EmissionsLevel {
  const percent = percentFromMedian(kg, routeMedian);
  if (percent < -TYPICAL_BAND * 100) return 'lower';
  if (percent > TYPICAL_BAND * 100) return 'higher';
  return 'typical';
}

/** How far from the median, as the badge's words say it: "-23% vs typical" or "+8% vs typical". */
export function emissionsDifference(kg: number, routeMedian: number): string {
  const percent = percentFromMedian(kg, routeMedian);
  return percent === 0 ? 'Same as typical' : `${percent > 0 ? '+' : ''}${percent}% vs typical`;
}
