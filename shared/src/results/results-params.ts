import { FIRST_PAGE_LIMIT } from '../flights/search-limits.js';
import type { FlightSearchParamsInput } from '../flights/search-params.js';
import type { BagFields } from './bag-query.js';
import type { FilterFields } from './filter-query.js';
import type { ResultsSearch } from './search-links.js';
import { DEFAULT_SORT, isSortOption, type SortOption } from './sort-options.js';

/** The results page's `sort` parameter (absent for the default, price-asc). */
export const SORT_PARAM = 'sort';

export function readResultsSort(params: URLSearchParams): SortOption {
  const sort = params.get(SORT_PARAM);
  return isSortOption(sort) ? sort : DEFAULT_SORT;
}

/** The same query with another sort; the default leaves the URL clean. */
export function withResultsSort(params: URLSearchParams, sort: SortOption): URLSearchParams {
  const next = new URLSearchParams(params);
  if (sort === DEFAULT_SORT) next.delete(SORT_PARAM);
  else next.set(SORT_PARAM, sort);
  return next;
}

/** What narrows or re-prices a search beyond its route and dates: the filters' and the bags' request fields. */
export type SearchRequestExtras = FilterFields & BagFields;

/** A search, its order and extras as the fields of a search request (the first page's body, a load-more's query). */
export function searchRequestFields(
  search: ResultsSearch,
  sort: SortOption = DEFAULT_SORT,
  extras: SearchRequestExtras = {},
): FlightSearchParamsInput & SearchRequestExtras {
  return {
    ...extras,
    origin: search.origin,
    destination: search.destination,
    departureDate: search.departureDate,
    ...(search.returnDate ? { returnDate: search.returnDate } : {}),
    ...(search.slices ? { slices: search.slices } : {}),
    cabinClass: search.cabinClass,
    adultsCount: search.adultsCount,
    childrenCount: search.childrenCount,
    infantsCount: search.infantsCount,
    ...(search.nearbyAirports && { nearbyAirports: true }),
    sort,
  };
}

/**
 * The body of `POST /api/flights/search` for the first 30 offers that pass the filters (as
 * `filterQuery` writes them), priced with the bags (`bagsQuery`), in the chosen order.
 */
export function firstPageRequest(
  search: ResultsSearch,
  sort: SortOption = DEFAULT_SORT,
  extras: SearchRequestExtras = {},
): FlightSearchParamsInput & SearchRequestExtras {
  return { ...searchRequestFields(search, sort, extras), limit: FIRST_PAGE_LIMIT };
}
