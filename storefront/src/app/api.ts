import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { DEFAULT_BRAND_KEY } from '@contrail/shared/brand/brand';
import { brandKeyFromLocation } from '@contrail/shared/brand/brand-key';

/** An API failure as every storefront screen sees it. */
export interface ApiError {
  /** HTTP status, or 'FETCH_ERROR' / 'PARSE_ERROR' / 'TIMEOUT_ERROR' when no answer was usable. */
  status: number | string;
  /** Seed 000 §8: "{status}: {body text}", or the status text when the body is empty. */
  message: string;
  /** The parsed body, for screens that read fields such as `error` or `message`. */
  data?: unknown;
}

// An absolute base keeps Request() happy outside browsers (tests); in the browser it is the page's origin.
const baseUrl = typeof window === 'undefined' ? '/' : `${window.location.origin}/`;
/**
 * Seed 000 §7's brand key, read once at start-up (navigation later drops `?brand=`). Every call
 * sends it as X-Brand-Key: the engine keeps users, sessions and bookings to the brand they were made on.
 */
export const startupBrandKey =
  typeof window === 'undefined'
    ? DEFAULT_BRAND_KEY
    : brandKeyFromLocation(window.location.hostname, window.location.search);

const rawBaseQuery = fetchBaseQuery({
  baseUrl,
  credentials: 'include',
  prepareHeaders: (headers) => {
    headers.set('X-Brand-Key', startupBrandKey);
    return headers;
  },
});

function bodyText(data: unknown): string {
  if (data === undefined || data === null || data === '') return '';
  return typeof data === 'string' ? data : JSON.stringify(data);
}

export function toApiError(error: FetchBaseQueryError, statusText = ''): ApiError {
  if (typeof error.status === 'number') {
    const text = bodyText(error.data) || statusText;
    return { status: error.status, message: `${error.status}: ${text}`, data: error.data };
  }
  if (error.status === 'PARSING_ERROR') {
    return { status: 'PARSE_ERROR', message: `${error.originalStatus}: ${error.data}`, data: error.data };
  }
  return { status: error.status, message: error.error };
}

/** fetchBaseQuery with credentials on every call and errors shaped as `ApiError`. */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra);
  if (result.error) return { error: toApiError(result.error, result.meta?.response?.statusText), meta: result.meta };
  return { data: result.data, meta: result.meta };
};

/** The message to show for any error an RTK Query hook returns. */
export function errorMessage(error: unknown, fallback = 'An unknown error occurred'): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message) {
    return error.message;
  }
  return fallback;
}

/** Seed 000 §7: search results stay fresh 5 minutes and are kept 10 minutes. */
export const SEARCH_RESULTS_FRESH_SECONDS = 5 * 60;
export const SEARCH_RESULTS_KEEP_SECONDS = 10 * 60;

export const API_TAGS = [
  'User',
  'Bookings',
  'Booking',
  'Offer',
  'SeatMaps',
  'FlightSearch',
  'SystemMode',
  'AdminSettings',
  'Brands',
] as const;

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
