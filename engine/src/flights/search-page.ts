import type { SearchFacets, SearchOffer } from '@contrail/shared';
import type { PricingContext } from '@contrail/shared/pricing/price-offer';
import type { FilterState } from '@contrail/shared/results/filter-state';
import type { SortOption } from '@contrail/shared/results/sort';

/** Which call a page answers: `POST` (page 1, `meta`) or `GET` (later pages, `total_count`), seed 000 §7. */
export type PageShape = 'first' | 'more';

export interface PageOfOffers {
  offers: SearchOffer[];
  /** Offers found so far that pass the filters; all of them when `hasMore` is false. */
  total: number;
  hasMore: boolean;
  /** The filters' choices over every offer found so far (`found` counts them). */
  facets: SearchFacets;
}

export interface PageRequest {
  sort: SortOption;
  page: number;
  limit: number;
  /** Only offers that pass these (none: every offer). */
  filters?: FilterState;
  /** The brand's pricing and who travels, which price the price filter and the facets' price range. */
  pricing?: PricingContext;
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
  const { offers, facets } = found;
  return Buffer.from(JSON.stringify({ offers, facets, ...pageFields(found, request, shape) }));
}
