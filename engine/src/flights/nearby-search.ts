import { randomBytes } from 'node:crypto';
import type { SearchOffer } from '@contrail/shared/flights/search-offer';
import { searchFacets } from '@contrail/shared/results/facets';
import { EMPTY_FILTERS } from '@contrail/shared/results/filter-state';
import { filterOffers } from '@contrail/shared/results/filters';
import { sortOffers } from '@contrail/shared/results/sort';
import type { PageOfOffers, PageRequest } from './search-page.js';

/** One route's search, as the search cache holds it. */
export interface RouteSearch {
  readonly started: Promise<unknown>;
  /** Every offer it found, cheapest first. */
  all(): Promise<readonly SearchOffer[]>;
}

/**
 * A search with nearby airports (issue 34): the typed route's search and those of the routes
 * around it (each a search of the cache's own, shared with anyone searching that route), their
 * offers together, filtered, sorted and paged here. The typed route decides: its failure is the
 * search's; a nearby route that fails only leaves its flights out.
 */
export class NearbySearch {
  /** Names this search's answers (ETags). */
  readonly version = randomBytes(6).toString('base64url');
  readonly started: Promise<unknown>;
  /** The keys of this search's answers in the cache's answers: they leave with it. */
  readonly answerKeys = new Set<string>();

  constructor(
    private readonly typed: RouteSearch,
    private readonly around: readonly RouteSearch[],
  ) {
    this.started = typed.started;
  }

  /** Every offer of its routes, cheapest first. */
  async all(): Promise<readonly SearchOffer[]> {
    return sortOffers(await this.#found(), 'price-asc');
  }

  async page(request: PageRequest, start: number, end: number): Promise<PageOfOffers> {
    const { sort, filters = EMPTY_FILTERS, pricing } = request;
    const all = await this.#found();
    const matching = sortOffers(filterOffers(all, filters, pricing), sort, pricing);
    return {
      offers: matching.slice(start, end),
      total: matching.length,
      hasMore: false,
      facets: searchFacets(all, pricing),
    };
  }

  async #found(): Promise<SearchOffer[]> {
    const [own, ...others] = await Promise.allSettled([this.typed, ...this.around].map((route) => route.all()));
    if (own!.status === 'rejected') throw own!.reason;
    return [own!, ...others].flatMap((found) => (found.status === 'fulfilled' ? found.value : []));
  }
}
