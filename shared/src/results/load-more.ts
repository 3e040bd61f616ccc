import { MAX_PAGE_LIMIT } from '../flights/search-limits.js';

/** Seed 000 §4/§9: load-more pages hold 100 offers. */
export const LOAD_MORE_LIMIT = MAX_PAGE_LIMIT;
export const LOAD_MORE_LABEL = 'Loading next 100 flights...';
/** The URL flags of a load-more reload, removed once the merged list is shown. */
export const SHOW_MORE_PARAM = 'showMore';
export const PREVIOUS_COUNT_PARAM = 'previousCount';
/** The local-storage key holding the offers shown before a load-more. */
export const PREVIOUS_RESULTS_KEY = 'previousResults';

/** Seed 000 §4: the page a load-more asks for, from how many offers were shown before it. */
export function loadMorePage(previousCount: number): number {
  const count = Number.isFinite(previousCount) && previousCount > 0 ? Math.floor(previousCount) : 0;
  return Math.floor(count / LOAD_MORE_LIMIT) + 1;
}

export interface LoadMoreRequest {
  previousCount: number;
}

/** Reads `showMore=true&previousCount=N`; null when the URL is not a load-more. */
export function readLoadMore(params: URLSearchParams): LoadMoreRequest | null {
  if (params.get(SHOW_MORE_PARAM) !== 'true') return null;
  const previousCount = Number(params.get(PREVIOUS_COUNT_PARAM));
  if (!Number.isInteger(previousCount) || previousCount < 0) return null;
  return { previousCount };
}

/** The same query with the load-more flags added. */
export function withLoadMore(params: URLSearchParams, previousCount: number): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(SHOW_MORE_PARAM, 'true');
  next.set(PREVIOUS_COUNT_PARAM, String(previousCount));
  return next;
}

/** The same query without the load-more flags. */
export function withoutLoadMore(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(SHOW_MORE_PARAM);
  next.delete(PREVIOUS_COUNT_PARAM);
  return next;
}
