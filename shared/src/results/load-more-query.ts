import { LOAD_MORE_LIMIT, loadMorePage } from './load-more.js';
import { searchRequestFields, type SearchRequestExtras } from './results-params.js';
import type { ResultsSearch } from './search-links.js';
import { DEFAULT_SORT, type SortOption } from './sort-options.js';

/**
 * The query of `GET /api/flights/search` for a load-more (seed 000 §4/§7), empty values omitted.
 * The seed's client sent children and infants as 0 here; we send the real counts so the extra
 * offers are priced for the same travellers as the first page.
 */
export function loadMoreQuery(
  search: ResultsSearch,
  previousCount: number,
  sort: SortOption = DEFAULT_SORT,
  extras: SearchRequestExtras = {},
): URLSearchParams {
  const values = {
    ...searchRequestFields(search, sort, extras),
    page: loadMorePage(previousCount),
    limit: LOAD_MORE_LIMIT,
  };
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params;
}
