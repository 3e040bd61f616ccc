import type { FlightSearchFirstPage, FlightSearchPage } from '@contrail/shared/flights/offer';
import { bagsQuery } from '@contrail/shared/results/bag-query';
import { filterQuery } from '@contrail/shared/results/filter-query';
import { loadMoreQuery } from '@contrail/shared/results/load-more-query';
import { firstPageRequest, type SearchRequestExtras } from '@contrail/shared/results/results-params';
import type { ResultsSearch } from '@contrail/shared/results/search-links';
import type { FilterState } from '@contrail/shared/results/filter-state';
import type { BagsWanted } from '@contrail/shared/pricing/bags';
import type { SortOption } from '@contrail/shared/results/sort';
import { api, SEARCH_RESULTS_KEEP_SECONDS } from '../app/api';
import { answerContract, lazyContract } from '../app/lazy-contract';
import { withContext, type ApiError } from '../app/api-error';

export interface SearchArgs {
  search: ResultsSearch;
  /** The order the engine sorts every offer found in, before paging (issue 20). */
  sort: SortOption;
  /** What the engine keeps of every offer found before sorting and paging (issue 33 item 8); none: all. */
  filters?: FilterState;
  /** The bags each traveller brings (issue 35): every offer is priced and ordered with them; none: absent. */
  bags?: BagsWanted;
}

export interface LoadMoreArgs extends SearchArgs {
  previousCount: number;
}

/** The request fields of the filters in use and the bags brought. */
const extrasOf = (filters: FilterState | undefined, bags: BagsWanted | null | undefined): SearchRequestExtras => ({
  ...(filters && filterQuery(filters)),
  ...bagsQuery(bags),
});

const SEARCH_FAILED = 'Unable to search flights';
const offerContracts = () => import('@contrail/shared/flights/offer');
const firstPageContract = lazyContract(async () => (await offerContracts()).flightSearchFirstPageSchema);
const pageContract = lazyContract(async () => (await offerContracts()).flightSearchPageSchema);

/** Seed 000 §7: POST for the first page, GET for load-more pages; kept 10 minutes. */
export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchFlights: build.query<FlightSearchFirstPage, SearchArgs>({
      query: ({ search, sort, filters, bags }) => ({
        url: 'api/flights/search',
        method: 'POST',
        body: firstPageRequest(search, sort, extrasOf(filters, bags)),
      }),
      ...answerContract(firstPageContract),
      transformErrorResponse: (error: ApiError) => withContext(SEARCH_FAILED, error),
      keepUnusedDataFor: SEARCH_RESULTS_KEEP_SECONDS,
    }),
    searchFlightsPage: build.query<FlightSearchPage, LoadMoreArgs>({
      query: ({ search, previousCount, sort, filters, bags }) =>
        `api/flights/search?${loadMoreQuery(search, previousCount, sort, extrasOf(filters, bags)).toString()}`,
      ...answerContract(pageContract),
      transformErrorResponse: (error: ApiError) => withContext(SEARCH_FAILED, error),
      keepUnusedDataFor: SEARCH_RESULTS_KEEP_SECONDS,
    }),
  }),
});

export const { useSearchFlightsQuery, useLazySearchFlightsPageQuery } = searchApi;
