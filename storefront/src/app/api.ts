import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { requestBrandKey } from '../brand/request-brand-key';
import { brokenContract, toApiError, type ApiError } from './api-error';
import { takeEarlyResponse } from './early/early-fetch';

export type { ApiError };

// An absolute base keeps Request() happy outside browsers (tests); in the browser it is the page's origin.
const baseUrl = typeof window === 'undefined' ? '/' : `${window.location.origin}/`;
const rawBaseQuery = fetchBaseQuery({
  baseUrl,
  credentials: 'include',
  // A first page's first call may have started from its HTML (early/start.ts): its answer is taken once.
  fetchFn: async (input, init) => {
    const request = new Request(input, init);
    return (await takeEarlyResponse(request)) ?? fetch(request);
  },
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
 * An answer read by a `queryFn` through its shared contract: `{ data }` parsed, or the same error
 * an endpoint's `rawResponseSchema` gives (createApi's `catchSchemaFailure` below).
 */
export async function parsedAnswer<Output>(
  schema: StandardSchemaV1<unknown, Output>,
  body: unknown,
): Promise<{ data: Output } | { error: ApiError }> {
  const result = await schema['~standard'].validate(body);
  return result.issues ? { error: brokenContract(result.issues) } : { data: result.value };
}

/**
 * Seed 000 §7: search results are kept 10 minutes. Their 5 minutes of freshness never shows: nothing
 * refetches on mount or focus, so a kept result is always used.
 */
export const SEARCH_RESULTS_KEEP_SECONDS = 10 * 60;

export const API_TAGS = [
  'User',
  'Bookings',
  'Booking',
  'SystemMode',
  'AdminSettings',
  'Brands',
  'Staff',
  'Inbox',
] as const;

/**
 * The one RTK Query API. Seed 000 §9 defaults: no retry, no refetch on focus or reconnect, no
 * polling, cached data never considered stale. Features add endpoints from their own folder with
 * `api.injectEndpoints({ endpoints: (build) => ({ ... }) })`; each reads the engine's answer
 * through its contract from `@contrail/shared` (`rawResponseSchema`/`responseSchema`, or
 * `parsedAnswer` in a `queryFn`), and an answer that breaks it is an error, like a failed call.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: API_TAGS,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  catchSchemaFailure: (error) => brokenContract(error.issues),
  endpoints: () => ({}),
});
