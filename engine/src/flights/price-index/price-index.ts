import type { CalendarOffer } from '@contrail/shared/flights/calendar';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../../clock.js';
import type { SqlClient } from '../../storage/sql.js';
import type { FlightSearchQuery } from '../provider.js';
import { searchKey } from '../search-cache.js';
import { LONGEST_SHELF_LIFE_MS, priceShelfLifeMs } from './shelf-life.js';

/** The cheapest offer a search found, its total and trip (null: it found none), and when (clock milliseconds). */
export interface IndexedPrice {
  cheapest: CalendarOffer | null;
  seenAt: number;
}

/** Where indexed prices are kept, by search key: per process, or in SQL shared by every engine. */
export interface PriceIndexStore {
  write(key: string, price: IndexedPrice): Promise<void>;
  read(keys: readonly string[]): Promise<Map<string, IndexedPrice>>;
}

/**
 * The price index (issue 34): the cheapest offer of every search the engine ran, by route, dates,
 * cabin and passengers, with when it was seen. It only ever says what a search cost then: the
 * calendar shows it with its age, and choosing it runs the search again.
 */
export class PriceIndex {
  /** Searches this process indexed lately: within the search cache's 5 minutes, the same search costs the same. */
  readonly #recorded = new LRUCache<string, true>({ max: 5_000, ttl: SAME_SEARCH_MS, ttlAutopurge: false });

  constructor(
    private readonly clock: Clock,
    private readonly store: PriceIndexStore = new MemoryPriceIndexStore(),
  ) {}

  record(search: FlightSearchQuery, cheapest: IndexedPrice['cheapest']): Promise<void> {
    return this.store.write(searchKey(search), { cheapest, seenAt: this.clock.now().getTime() });
  }

  /** Indexes a search a traveller ran, unless this process did within the last minutes. */
  async recordSearch(search: FlightSearchQuery, cheapest: () => Promise<IndexedPrice['cheapest']>): Promise<void> {
    const key = searchKey(search);
    if (this.#recorded.has(key)) return;
    this.#recorded.set(key, true);
    await this.record(search, await cheapest());
  }

  /** The prices of these searches still within their shelf life, by search key. */
  async fresh(searches: readonly FlightSearchQuery[]): Promise<Map<string, IndexedPrice>> {
    const now = this.clock.now();
    const kept = await this.store.read(searches.map(searchKey));
    const fresh = new Map<string, IndexedPrice>();
    for (const search of searches) {
      const key = searchKey(search);
      const price = kept.get(key);
      if (price && now.getTime() - price.seenAt < priceShelfLifeMs(search.departureDate, now)) fresh.set(key, price);
    }
    return fresh;
  }
}

/** As the search cache keeps a search fresh (SEARCH_CACHE_DEFAULTS.freshMs). */
const SAME_SEARCH_MS = 5 * 60_000;

/** One process's index, bounded. */
export class MemoryPriceIndexStore implements PriceIndexStore {
  readonly #entries = new Map<string, IndexedPrice>();

  constructor(private readonly maxEntries = 50_000) {}

  write(key: string, price: IndexedPrice): Promise<void> {
    this.#entries.delete(key);
    while (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, price);
    return Promise.resolve();
  }

  read(keys: readonly string[]): Promise<Map<string, IndexedPrice>> {
    const found = new Map<string, IndexedPrice>();
    for (const key of keys) {
      const price = this.#entries.get(key);
      if (price) found.set(key, price);
    }
    return Promise.resolve(found);
  }
}

/** The index in the engine's database, shared by every engine on it. */
export class SqlPriceIndexStore implements PriceIndexStore {
  constructor(private readonly sql: SqlClient) {}

  async write(key: string, price: IndexedPrice): Promise<void> {
    await this.sql.query(
      `INSERT INTO price_index (search_key, cheapest, seen_at) VALUES ($1, $2::jsonb, $3)
       ON CONFLICT (search_key) DO UPDATE SET cheapest = EXCLUDED.cheapest, seen_at = EXCLUDED.seen_at
       WHERE price_index.seen_at <= EXCLUDED.seen_at`,
      [key, price.cheapest ? JSON.stringify(price.cheapest) : null, price.seenAt],
    );
    await this.sql.query('DELETE FROM price_index WHERE seen_at < $1', [price.seenAt - LONGEST_SHELF_LIFE_MS]);
  }

  async read(keys: readonly string[]): Promise<Map<string, IndexedPrice>> {
    if (keys.length === 0) return new Map();
    const { rows } = await this.sql.query<{ search_key: string; cheapest: CalendarOffer | null; seen_at: string }>(
      'SELECT search_key, cheapest, seen_at FROM price_index WHERE search_key = ANY($1::text[])',
      [[...keys]],
    );
    return new Map(rows.map((row) => [row.search_key, { cheapest: row.cheapest, seenAt: Number(row.seen_at) }]));
  }
}
