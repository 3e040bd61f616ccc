import type { SearchAirport, SearchSlice } from '../flights/search-offer.js';

const MINUTE_MS = 60_000;

/** A segment's local time (as Duffel writes it, without a zone) as milliseconds of that wall clock. */
export function localMs(time: string): number {
  return Date.parse(`${time.slice(0, 19)}Z`);
}

/** Minutes between landing and the next departure, both local times there; null when unreadable or negative. */
export function groundMinutes(arrivingAt: string, departingAt: string): number | null {
  const start = localMs(arrivingAt);
  const end = localMs(departingAt);
  return Number.isFinite(start) && Number.isFinite(end) && end >= start ? minutesBetween(start, end) : null;
}

/** Whole minutes between two `localMs` readings. */
export function minutesBetween(start: number, end: number): number {
  return Math.round((end - start) / MINUTE_MS);
}

export interface Layover {
  airport: SearchAirport;
  /** Minutes on the ground; null when a time is unreadable. */
  minutes: number | null;
}

/** The connections of a slice: where and how long each wait between two segments is. */
export function sliceLayovers(slice: SearchSlice): Layover[] {
  return slice.segments.slice(0, -1).map((arriving, index) => ({
    airport: arriving.destination,
    minutes: groundMinutes(arriving.arriving_at, slice.segments[index + 1]!.departing_at),
  }));
}
