import { DuffelApiError } from './errors.js';

/** Duffel's list parameters: `limit` 1-200 (50 by default), and a cursor to go `after` or `before`. */
export interface PageQuery {
  limit: number;
  after?: string | undefined;
  before?: string | undefined;
}

/** A page as Duffel answers it: `after` null on the last page, `before` null on the first. */
export interface Page<T> {
  data: T[];
  meta: { limit: number; after: string | null; before: string | null };
}

const cursor = (index: number) => Buffer.from(`i:${index}`).toString('base64url');

function fromCursor(text: string, field: string): number {
  const match = /^i:(\d+)$/.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!match)
    throw new DuffelApiError(
      400,
      'invalid_request_error',
      'invalid_cursor',
      'Invalid cursor',
      `The '${field}' cursor is not valid`,
    );
  return Number(match[1]);
}

/** Where a page starts in the whole list. */
export function pageStart(query: PageQuery): number {
  if (query.after) return fromCursor(query.after, 'after');
  if (query.before) return Math.max(0, fromCursor(query.before, 'before') - query.limit);
  return 0;
}

/** The page's meta, for a page starting at `start` in a list of `total`. */
export function pageMeta(query: PageQuery, start: number, total: number): Page<never>['meta'] {
  return {
    limit: query.limit,
    after: start + query.limit < total ? cursor(start + query.limit) : null,
    before: start > 0 ? cursor(start) : null,
  };
}

/** One page of a list held whole. */
export function pageOf<T>(items: readonly T[], query: PageQuery): Page<T> {
  const start = pageStart(query);
  return { data: items.slice(start, start + query.limit), meta: pageMeta(query, start, items.length) };
}
