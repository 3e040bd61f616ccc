import type { TimeBucketId } from '../reference/time-buckets.js';
import type { StopOption } from './stops.js';

export interface PriceRange {
  min: number;
  max: number;
}

/**
 * The filter state of seed 000 §3. `priceRange` is null until the traveller narrows the slider,
 * so new results (load more) widen the bounds without an old range hiding them. `duration` is a
 * maximum in hours for each slice, or null.
 */
export interface FilterState {
  priceRange: PriceRange | null;
  airlines: string[];
  stops: StopOption[];
  departureTime: TimeBucketId[];
  arrivalTime: TimeBucketId[];
  duration: number | null;
  refundable: boolean;
  baggageIncluded: boolean;
  /** Connect only at these airports (non-stops always pass); empty allows any. */
  connectingAirports: string[];
  /** The longest wait allowed between two flights, in hours, or null. */
  maxLayoverHours: number | null;
  /** The most kg CO2e per passenger allowed, or null. */
  maxEmissionsKg: number | null;
}

export const EMPTY_FILTERS: FilterState = {
  priceRange: null,
  airlines: [],
  stops: [],
  departureTime: [],
  arrivalTime: [],
  duration: null,
  refundable: false,
  baggageIncluded: false,
  connectingAirports: [],
  maxLayoverHours: null,
  maxEmissionsKg: null,
};

/** A range that covers the whole of `bounds` filters nothing. */
export function isNarrowedPrice(range: PriceRange | null, bounds: PriceRange | null): boolean {
  if (!range) return false;
  if (!bounds) return true;
  return range.min > bounds.min || range.max < bounds.max;
}

/** The badge on the filter panel: one per kind of filter in use. */
export function activeFilterCount(filters: FilterState, priceBounds: PriceRange | null): number {
  return [
    isNarrowedPrice(filters.priceRange, priceBounds),
    filters.airlines.length > 0,
    filters.stops.length > 0,
    filters.departureTime.length > 0,
    filters.arrivalTime.length > 0,
    filters.duration !== null,
    filters.refundable,
    filters.baggageIncluded,
    filters.connectingAirports.length > 0,
    filters.maxLayoverHours !== null,
    filters.maxEmissionsKg !== null,
  ].filter(Boolean).length;
}

/** Adds a value to a multi-choice filter, or removes it when present. */
export function toggle<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((each) => each !== value) : [...values, value];
}
