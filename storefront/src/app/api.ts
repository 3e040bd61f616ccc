import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { requestBrandKey } from '../brand/request-brand-key';
import { toApiError, type ApiError } from './api-error';

export type { ApiError };

// An absolute base keeps Request() happy outside browsers (tests); in the browser it is the page's origin.
const baseUrl = typeof window === 'undefined' ? '/' : `${window.location.origin}/`;
const rawBaseQuery = fetchBaseQuery({
  baseUrl,
  credentials: 'include',
  prepareHeaders: (headers) => {
    headers.set('X-Brand-Key', requestBrandKey());
    return headers;
  },
});

/** fetchBaseQuery with credentials on every call and errors shaped as `ApiError`. */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra);
  if (result.error) return { error: toApiError(result.error, result.meta?.response?.statusText), meta: result.meta };
  return { data: result.data, meta: result.meta };
};

/**
 * Seed 000 §7: search results are kept 10 minutes. Their 5 minutes of freshness never shows: nothing
 * refetches on mount or focus, so a kept result is always used.
 */
export const SEARCH_RESULTS_KEEP_SECONDS = 10 * 60;

export const API_TAGS = ['User', 'Bookings', 'Booking', 'SystemMode', 'AdminSettings', 'Brands'] as const;

/**
 * The one RTK Query API. Seed 000 §9 defaults: no retry, no refetch on focus or reconnect, no
 * polling, cached data never considered stale. Features add endpoints from their own folder with
 * `api.injectEndpoints({ endpoints: (build) => ({ ... }) })`.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: API_TAGS,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});
