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

// Offers never change once read, and the same offer is on several pages (30 on page 1, then in
// the load-more page of 100): each is serialised once for as long as it lives.
const offerJson = new WeakMap<SearchOffer, string>();

function json(offer: SearchOffer): string {
  let text = offerJson.get(offer);
  if (text === undefined) {
    text = JSON.stringify(offer);
    offerJson.set(offer, text);
  }
  return text;
}

/** The answer's fields besides the offers. */
function pageFields(found: PageOfOffers, request: PageRequest, shape: PageShape): object {
  const { page, limit, sort } = request;
  return shape === 'first'
    ? { meta: { total: found.total, page, limit, sort, has_more: found.hasMore } }
    : { total_count: found.total, page, limit, sort, has_more: found.hasMore };
}

/** The JSON bytes of a search page, built from each offer's own serialisation. */
export function searchPageBody(found: PageOfOffers, request: PageRequest, shape: PageShape): Buffer {
  const rest = JSON.stringify(pageFields(found, request, shape));
  return Buffer.from(`{"offers":[${found.offers.map(json).join(',')}],${rest.slice(1)}`);
}
