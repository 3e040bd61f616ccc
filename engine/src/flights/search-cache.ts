import { createHash, randomBytes } from 'node:crypto';
import { searchFacets } from '@contrail/shared/results/facets';
import { EMPTY_FILTERS } from '@contrail/shared/results/filter-state';
import { filterQuery, filtersInUse } from '@contrail/shared/results/filter-query';
import { filterOffers } from '@contrail/shared/results/filters';
import { isProviderSort, sortOffers, type ProviderSort } from '@contrail/shared/results/sort';
import { wantsBags } from '@contrail/shared/pricing/bags';
import { nearbyRoutes } from '@contrail/shared/reference/nearby-routes';
import type { SearchOffer } from '@contrail/shared/flights/search-offer';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../clock.js';
import { CachedJson } from './cached-json.js';
import { NearbySearch } from './nearby-search.js';
import { OfferStream } from './offer-stream.js';
import { slicesText } from '@contrail/shared/flights/search-slices';
import type { FlightProvider, FlightSearchQuery } from './provider.js';
import { searchPassengers, type RecentOffers } from './recent-offers.js';
import { searchPageBody, type PageOfOffers, type PageRequest, type PageShape } from './search-page.js';

export interface SearchCacheOptions {
  /** Served without asking the provider again (seed 000 §7: 5 minutes fresh). */
  freshMs: number;
  /** Kept after that, and served only if a new provider search fails (10 minutes kept). */
  keptMs: number;
  /** Searches kept at once. */
  maxEntries: number;
  /** Serialised pages kept at once, in bytes (their compressed forms counted as half as much again). */
  maxAnswerBytes: number;
}

export const SEARCH_CACHE_DEFAULTS: SearchCacheOptions = {
  freshMs: 5 * 60_000,
  keptMs: 10 * 60_000,
  maxEntries: 30,
  maxAnswerBytes: 32 * 2 ** 20,
};

/** Same route, dates, cabin and passengers: the same search, whatever the page or the order. */
export function searchKey(params: FlightSearchQuery): string {
  return [
    params.origin,
    params.destination,
    params.departureDate,
    params.returnDate ?? '',
    params.cabinClass,
    params.adultsCount,
    params.childrenCount,
    params.infantsCount,
    ...(params.nearbyAirports ? ['nearby'] : []),
    // Multi-city (issue 34): its flights; nothing for other searches, whose keys stay as they were.
    ...(params.slices ? [slicesText(params.slices)] : []),
  ].join('|');
}

/** What the cache asks of the flight provider. */
export type SearchProvider = Pick<FlightProvider, 'startSearch' | 'listOffers'>;

/** One search at the provider and what has been read of it: a stream of offers per order. */
class ProviderSearch {
  /** Names this search's answers (ETags); random, so engines behind one balancer never share one. */
  readonly version = randomBytes(6).toString('base64url');
  readonly started: Promise<string>;
  /** The keys of this search's answers in the cache's answers: they leave with it. */
  readonly answerKeys = new Set<string>();
  readonly #streams = new Map<ProviderSort, OfferStream>();
  /** Known once some order has been read to its end (every order lists the same offers). */
  #total: number | undefined;

  constructor(
    private readonly provider: SearchProvider,
    params: FlightSearchQuery,
  ) {
    this.started = provider.startSearch(params);
  }

  /**
   * Offers `start` to `end` of the request's order among those passing its filters. Unfiltered in
   * an order the provider sorts by, the provider is read only as far as the page needs; filtered,
   * or in an order of ours (Best, emissions), every offer found is read, then filtered and sorted here.
   */
  async page(request: PageRequest, start: number, end: number): Promise<PageOfOffers> {
    const { sort, filters = EMPTY_FILTERS, pricing } = request;
    // With bags, every offer's price changes by its own bags: the provider's price order no longer holds.
    if (isProviderSort(sort) && !filtersInUse(filters) && !wantsBags(pricing?.bags)) {
      const stream = this.#stream(sort);
      const offers = await stream.slice(start, end);
      if (stream.complete) this.#total = stream.found;
      const total = this.#total ?? stream.found;
      return { offers, total, hasMore: this.#total === undefined, facets: searchFacets(stream.read, pricing) };
    }
    const all = await this.#stream('price-asc').all();
    this.#total = all.length;
    const matching = sortOffers(filterOffers(all, filters, pricing), sort, pricing);
    return {
      offers: matching.slice(start, end),
      total: matching.length,
      hasMore: false,
      facets: searchFacets(all, pricing),
    };
  }

  /** Every offer found, cheapest first. */
  all(): Promise<readonly SearchOffer[]> {
    return this.#stream('price-asc').all();
  }

  #stream(sort: ProviderSort): OfferStream {
    let stream = this.#streams.get(sort);
    if (!stream) {
      stream = new OfferStream(sort, async (limit, after) =>
        this.provider.listOffers(await this.started, { sort, limit, ...(after !== undefined && { after }) }),
      );
      this.#streams.set(sort, stream);
    }
    return stream;
  }
}

/** A search the cache answers pages from: one route at the provider, or several with nearby airports. */
type CachedSearch = ProviderSearch | NearbySearch;

interface Entry {
  search: CachedSearch;
  at: number;
}

interface CachedAnswer {
  answer: CachedJson;
  /** The offers matching and found when it was written (searchPageBody's `total` and `facets.found`). */
  size: string;
}

/** What besides the page names an answer: its filters and the pricing that prices them. */
function answerVariant({ filters = EMPTY_FILTERS, pricing }: PageRequest): string {
  return `${new URLSearchParams(filterQuery(filters)).toString()}|${pricing ? hashOf(JSON.stringify(pricing)) : ''}`;
}

/** A short name of a long key, for an ETag. */
function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 12);
}

export interface SearchPageRequest extends PageRequest {
  shape: PageShape;
}

/**
 * The search pages' answers. One provider search serves every page and order of the same search
 * for 5 minutes (concurrent identical searches share it), read from the provider only as far as
 * the pages asked for need; each page is serialised once and kept as bytes (and compressed once
 * per encoding), rebuilt only when the number of offers found has grown since.
 */
export class SearchCache {
  readonly #entries = new Map<string, Entry>();
  /** A search starting at the provider, before it replaces the entry of the same key. */
  readonly #starting = new Map<string, CachedSearch>();
  readonly #answers: LRUCache<string, CachedAnswer>;

  constructor(
    private readonly clock: Clock,
    private readonly provider: SearchProvider,
    private readonly options: SearchCacheOptions = SEARCH_CACHE_DEFAULTS,
    /** Told every offer a page lists. */
    private readonly recent?: RecentOffers,
  ) {
    this.#answers = new LRUCache({
      maxSize: options.maxAnswerBytes,
      sizeCalculation: ({ answer }) => Math.ceil(answer.body.length * 1.5),
      ttl: options.keptMs,
    });
  }

  async answer(params: FlightSearchQuery, request: SearchPageRequest): Promise<CachedJson> {
    const [search, fallback] = this.#searchesFor(params);
    try {
      return await this.#answerFrom(search, request, params);
    } catch (error) {
      if (!fallback) throw error;
      return this.#answerFrom(fallback, request, params);
    }
  }

  async #answerFrom(search: CachedSearch, request: SearchPageRequest, params: FlightSearchQuery): Promise<CachedJson> {
    const { sort, page, limit, shape } = request;
    const start = (page - 1) * limit;
    const found = await search.page(request, start, start + limit);
    this.recent?.remember(found.offers, searchPassengers(params));
    // The facets (found) grow with the offers read, the filtered total with them: both name the answer.
    const key = `${search.version}|${shape}|${sort}|${page}|${limit}|${answerVariant(request)}`;
    const cached = this.#answers.get(key);
    const size = `${found.total}.${found.facets.found}${found.hasMore ? '+' : ''}`;
    if (cached && cached.size === size) return cached.answer;
    const etag = `W/"${search.version}-${shape}-${sort}-${page}-${limit}-${hashOf(key)}-${size}"`;
    const answer = new CachedJson(searchPageBody(found, request, shape), etag);
    this.#answers.set(key, { answer, size });
    search.answerKeys.add(key);
    return answer;
  }

  /** The search to answer from, and the one to fall back on if that fails. */
  #searchesFor(params: FlightSearchQuery): [CachedSearch, CachedSearch?] {
    const key = searchKey(params);
    const age = (entry: Entry) => this.clock.now().getTime() - entry.at;
    const entry = this.#entries.get(key);
    if (entry && age(entry) < this.options.freshMs) return [entry.search];
    let next = this.#starting.get(key);
    if (!next) {
      // Nearby airports widen one origin and one destination: a multi-city search keeps its own.
      const search =
        params.nearbyAirports && !params.slices ? this.#nearby(params) : new ProviderSearch(this.provider, params);
      this.#starting.set(key, search);
      // A search that failed to start is not kept: the next request asks the provider again.
      void search.started
        .then(
          () => this.#store(key, { search, at: this.clock.now().getTime() }),
          () => undefined,
        )
        .finally(() => this.#starting.delete(key));
      next = search;
    }
    return entry && age(entry) < this.options.keptMs ? [next, entry.search] : [next];
  }

  /** The typed route's search and its nearby routes' (nearby-routes.ts), each cached as if searched alone. */
  #nearby({ nearbyAirports: _nearby, ...plain }: FlightSearchQuery): NearbySearch {
    const [typed, ...around] = nearbyRoutes(plain.origin, plain.destination).map(
      (route) => this.#searchesFor({ ...plain, ...route })[0],
    );
    return new NearbySearch(typed!, around);
  }

  /** Answers kept, of every search: at most those of the searches kept, within `maxAnswerBytes`. */
  get answersKept(): number {
    return this.#answers.size;
  }

  #store(key: string, entry: Entry): void {
    this.#drop(key);
    for (const [other, { at }] of this.#entries) {
      if (entry.at - at >= this.options.keptMs) this.#drop(other);
    }
    while (this.#entries.size >= this.options.maxEntries) this.#drop(this.#entries.keys().next().value!);
    this.#entries.set(key, entry);
  }

  /** A search no longer answered from: its pages could never be asked for again (their ETags name it). */
  #drop(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    for (const answerKey of entry.search.answerKeys) this.#answers.delete(answerKey);
  }
}
