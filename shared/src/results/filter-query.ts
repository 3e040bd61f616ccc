import type { FilterState } from './filter-state.js';

/** The filters' names in a search page request (flights/search-filters.ts reads them). */
export type FilterField =
  | 'minPrice'
  | 'maxPrice'
  | 'airlines'
  | 'stops'
  | 'departureTime'
  | 'arrivalTime'
  | 'maxDuration'
  | 'refundable'
  | 'baggage'
  | 'via'
  | 'maxLayover'
  | 'maxEmissions';
export type FilterFields = Partial<Record<FilterField, string>>;

/** The request fields of a filter state: only those in use, as text (the same in a body and a query). */
export function filterQuery(filters: FilterState): FilterFields {
  const fields: Record<FilterField, string | number | boolean | undefined> = {
    minPrice: filters.priceRange?.min,
    maxPrice: filters.priceRange?.max,
    airlines: filters.airlines.join(','),
    stops: filters.stops.join(','),
    departureTime: filters.departureTime.join(','),
    arrivalTime: filters.arrivalTime.join(','),
    maxDuration: filters.duration ?? undefined,
    refundable: filters.refundable || undefined,
    baggage: filters.baggageIncluded || undefined,
    via: filters.connectingAirports.join(','),
    maxLayover: filters.maxLayoverHours ?? undefined,
    maxEmissions: filters.maxEmissionsKg ?? undefined,
  };
  const query: FilterFields = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== '') query[name as FilterField] = String(value);
  }
  return query;
}

/** Whether any filter is on (the engine then reads every offer found before answering). */
export function filtersInUse(filters: FilterState): boolean {
  return Object.keys(filterQuery(filters)).length > 0;
}
