import type { FlightSearchFirstPage, FlightSearchPage } from '@contrail/shared/flights/offer';
import { firstPageRequest, loadMoreQuery, type ResultsSearch } from '@contrail/shared/results/results-params';
import { api, SEARCH_RESULTS_KEEP_SECONDS, type ApiError } from '../app/api';
import { wrapServiceError } from './service-error';

export interface LoadMoreArgs {
  search: ResultsSearch;
  previousCount: number;
}

const SEARCH_FAILED = 'Unable to search flights';

/** Seed 000 §7: POST for the first page, GET for load-more pages; kept 10 minutes. */
export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchFlights: build.query<FlightSearchFirstPage, ResultsSearch>({
      query: (search) => ({ url: 'api/flights/search', method: 'POST', body: firstPageRequest(search) }),
      transformErrorResponse: (error: ApiError) => wrapServiceError(SEARCH_FAILED, error),
      keepUnusedDataFor: SEARCH_RESULTS_KEEP_SECONDS,
      providesTags: ['FlightSearch'],
    }),
    searchFlightsPage: build.query<FlightSearchPage, LoadMoreArgs>({
      query: ({ search, previousCount }) => `api/flights/search?${loadMoreQuery(search, previousCount).toString()}`,
      transformErrorResponse: (error: ApiError) => wrapServiceError(SEARCH_FAILED, error),
      keepUnusedDataFor: SEARCH_RESULTS_KEEP_SECONDS,
    }),
  }),
});

export const { useSearchFlightsQuery, useLazySearchFlightsPageQuery } = searchApi;
