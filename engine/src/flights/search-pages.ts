import type { Clock } from '../clock.js';
import type { BodyEncoding, EncodedJson } from './cached-json.js';
import type { FlightSearchQuery } from './provider.js';
import { RecentOffers, type RecentOffer } from './recent-offers.js';
import { SEARCH_CACHE_DEFAULTS, SearchCache, type SearchPageRequest, type SearchProvider } from './search-cache.js';

/**
 * The search pages' answers and the offers they listed: on the engine's own thread (tests, tools),
 * or on a thread of their own (search-thread/, the runtime's), which the routes cannot tell apart.
 */
export interface SearchPages {
  /** A page's bytes in the best encoding `accepted` allows; fails with a FlightProviderError. */
  answer(params: FlightSearchQuery, request: SearchPageRequest, accepted: BodyEncoding): Promise<EncodedJson>;
  /** An offer a page listed lately, for the HTML of its details and booking pages. */
  recentOffer(id: string): Promise<RecentOffer | undefined>;
  close(): Promise<void>;
}

/** Search pages answered on the calling thread, from a cache of their own. */
export function inThreadSearchPages(
  clock: Clock,
  provider: SearchProvider,
  recent: RecentOffers = new RecentOffers(),
): SearchPages {
  const searches = new SearchCache(clock, provider, SEARCH_CACHE_DEFAULTS, recent);
  return {
    answer: async (params, request, accepted) => (await searches.answer(params, request)).in(accepted),
    recentOffer: async (id) => recent.find(id),
    close: async () => {},
  };
}
