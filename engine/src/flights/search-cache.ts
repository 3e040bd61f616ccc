import type { FlightOffer, FlightSearchParams } from '@contrail/shared';
import type { Clock } from '../clock.js';

export interface SearchCacheOptions {
  /** Served without asking the provider again (seed 000 §7: 5 minutes fresh). */
  freshMs: number;
  /** Kept after that, and served only if a new provider search fails (10 minutes kept). */
  keptMs: number;
  /** A search holds up to 200 offers (some MB): keep the number of searches bounded. */
  maxEntries: number;
}

export const SEARCH_CACHE_DEFAULTS: SearchCacheOptions = { freshMs: 5 * 60_000, keptMs: 10 * 60_000, maxEntries: 30 };

interface Entry {
  offers: FlightOffer[];
  at: number;
}

/** Same route, dates, cabin and passengers: the same search, whatever the page. */
export function searchKey(params: FlightSearchParams): string {
  return [
    params.origin,
    params.destination,
    params.departureDate,
    params.returnDate ?? '',
    params.cabinClass,
    params.adultsCount,
    params.childrenCount,
    params.infantsCount,
  ].join('|');
}

/**
 * One provider search serves every page of the same search: results stay fresh for 5 minutes and
 * concurrent identical searches share one provider call.
 */
export class SearchCache {
  readonly #entries = new Map<string, Entry>();
  readonly #loading = new Map<string, Promise<FlightOffer[]>>();

  constructor(
    private readonly clock: Clock,
    private readonly options: SearchCacheOptions = SEARCH_CACHE_DEFAULTS,
  ) {}

  get(key: string, load: () => Promise<FlightOffer[]>): Promise<FlightOffer[]> {
    const now = this.clock.now().getTime();
    const entry = this.#entries.get(key);
    if (entry && now - entry.at < this.options.freshMs) return Promise.resolve(entry.offers);
    const inFlight = this.#loading.get(key);
    if (inFlight) return inFlight;
    const loading = load()
      .then((offers) => {
        this.#store(key, { offers, at: this.clock.now().getTime() });
        return offers;
      })
      .catch((error: unknown) => {
        if (entry && this.clock.now().getTime() - entry.at < this.options.keptMs) return entry.offers;
        throw error;
      })
      .finally(() => this.#loading.delete(key));
    this.#loading.set(key, loading);
    return loading;
  }

  #store(key: string, entry: Entry): void {
    this.#entries.delete(key);
    for (const [other, { at }] of this.#entries) {
      if (entry.at - at >= this.options.keptMs) this.#entries.delete(other);
    }
    while (this.#entries.size >= this.options.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, entry);
  }
}
