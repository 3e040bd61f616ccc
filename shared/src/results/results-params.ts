import { FIRST_PAGE_LIMIT } from '../flights/search-limits.js';
import type { FlightSearchParamsInput } from '../flights/search-params.js';
import type { BagsWanted } from '../pricing/bags.js';
import { bagsQuery } from './bag-query.js';
import { EMPTY_FILTERS, type FilterState } from './filter-state.js';
import { filterQuery, type FilterFields } from './filter-query.js';
import { LOAD_MORE_LIMIT, loadMorePage } from './load-more.js';
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

/** The body of `POST /api/flights/search` for the first 30 offers that pass the filters, in the chosen order. */
export function firstPageRequest(
  search: ResultsSearch,
  sort: SortOption = DEFAULT_SORT,
  filters: FilterState = EMPTY_FILTERS,
  bags: BagsWanted | null = null,
): FlightSearchParamsInput & FilterFields {
  return {
    ...filterQuery(filters),
    ...bagsQuery(bags),
    origin: search.origin,
    destination: search.destination,
    departureDate: search.departureDate,
    ...(search.returnDate ? { returnDate: search.returnDate } : {}),
    cabinClass: search.cabinClass,
    adultsCount: search.adultsCount,
    childrenCount: search.childrenCount,
    infantsCount: search.infantsCount,
    sort,
    limit: FIRST_PAGE_LIMIT,
  };
}

/**
 * The query of `GET /api/flights/search` for a load-more (seed 000 §4/§7), empty values omitted.
 * The seed's client sent children and infants as 0 here; we send the real counts so the extra
 * offers are priced for the same travellers as the first page.
 */
export function loadMoreQuery(
  search: ResultsSearch,
  previousCount: number,
  sort: SortOption = DEFAULT_SORT,
  filters: FilterState = EMPTY_FILTERS,
  bags: BagsWanted | null = null,
): URLSearchParams {
  const params = new URLSearchParams();
  const values: Record<string, string | number | undefined> = {
    ...filterQuery(filters),
    ...bagsQuery(bags),
    origin: search.origin,
    destination: search.destination,
    departureDate: search.departureDate,
    returnDate: search.returnDate,
    cabinClass: search.cabinClass,
    adultsCount: search.adultsCount,
    childrenCount: search.childrenCount,
    infantsCount: search.infantsCount,
    sort,
    page: loadMorePage(previousCount),
    limit: LOAD_MORE_LIMIT,
  };
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params;
}
