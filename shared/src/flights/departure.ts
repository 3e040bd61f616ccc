import { utcFromLocal } from '../reference/local-time.js';

interface DepartingOffer {
  slices: Array<{ segments: Array<{ departing_at: string; origin: { time_zone?: string | null } }> }>;
}

/** When an offer's first flight leaves, in UTC milliseconds; null when its time or zone is unreadable. */
export function firstDepartureMs(offer: DepartingOffer): number | null {
  const segment = offer.slices[0]?.segments[0];
  if (!segment?.origin.time_zone || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(segment.departing_at)) return null;
  try {
    const ms = utcFromLocal(segment.departing_at.slice(0, 19), segment.origin.time_zone);
    return Number.isFinite(ms) ? ms : null;
  } catch {
    return null;
  }
}

/** An offer whose first flight has left can no longer be sold, whatever its `expires_at` says. */
export function hasDeparted(offer: DepartingOffer, now: Date): boolean {
  const departs = firstDepartureMs(offer);
  return departs !== null && departs <= now.getTime();
}
