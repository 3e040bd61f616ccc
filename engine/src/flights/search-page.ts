import type { SearchOffer } from '@contrail/shared';
import type { SortOption } from '@contrail/shared/results/sort';

/** Which call a page answers: `POST` (page 1, `meta`) or `GET` (later pages, `total_count`), seed 000 §7. */
export type PageShape = 'first' | 'more';

export interface PageOfOffers {
  offers: SearchOffer[];
  /** Offers found so far; all of them when `hasMore` is false. */
  total: number;
  hasMore: boolean;
}

export interface PageRequest {
  sort: SortOption;
  page: number;
  limit: number;
}

/** The answer's fields besides the offers. */
function pageFields(found: PageOfOffers, request: PageRequest, shape: PageShape): Record<string, unknown> {
  const { page, limit, sort } = request;
  return shape === 'first'
    ? { meta: { total: found.total, page, limit, sort, has_more: found.hasMore } }
    : { total_count: found.total, page, limit, sort, has_more: found.hasMore };
}

/**
 * The JSON bytes of a search page, serialised in one call (faster than offer by offer). Each
 * offer's JSON is not kept for the load-more page that lists it again: kept, those strings lived
 * as long as their offers (30 minutes, for the offer pages' HTML), 6 of the 59 MB of heap after
 * 1,800 new searches, each copied by the garbage collector on its way to the old generation.
 */
export function searchPageBody(found: PageOfOffers, request: PageRequest, shape: PageShape): Buffer {
  return Buffer.from(JSON.stringify({ offers: found.offers, ...pageFields(found, request, shape) }));
}
