import type { CalendarAnswer, CalendarCell } from '@contrail/shared/flights/calendar';
import { CALENDAR_LIVE_SEARCHES } from '@contrail/shared/search/flexible-dates';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import type { Clock } from '../../clock.js';
import type { IndexedPrice, PriceIndex } from '../price-index/price-index.js';
import type { FlightSearchQuery } from '../provider.js';
import { searchKey } from '../search-cache.js';
import type { SearchPages } from '../search-pages.js';
import type { CalendarView } from '@contrail/shared/search/flexible-dates';
import { calendarDays, monthDays, type CalendarDay } from './calendar-days.js';
import { cheapestOffer } from './cheapest-offer.js';

export interface PriceCalendarDeps {
  searchPages: Pick<SearchPages, 'answer'>;
  priceIndex: PriceIndex;
  clock: Clock;
  /** How long an answer waits for the live searches it started before saying "pending". */
  waitMs?: number;
}

/** Live searches running at once for calendars: they must not crowd out travellers' own searches. */
const CONCURRENT_SEARCHES = 3;
/** About one search's time: the nearest days come with the first answer, the rest follow as asked. */
const WAIT_MS = 250;
/** A day whose search failed is said so, and not searched again, for this long. */
const FAILED_FOR_MS = 60_000;

/**
 * The calendars around searches (issue 34). Each day's cheapest price comes from the price index
 * while fresh; else a live search (through the search cache, so choosing the day then answers at
 * once) starts, the nearest days first and at most CALENDAR_LIVE_SEARCHES per answer. An answer
 * waits a moment for them, then says which days are still pending: asked again, it has them.
 */
export class PriceCalendar {
  readonly #searching = new Map<string, Promise<void>>();
  readonly #failed = new LRUCache<string, true>({ max: 10_000, ttl: FAILED_FOR_MS });
  readonly #limit = pLimit(CONCURRENT_SEARCHES);

  constructor(private readonly deps: PriceCalendarDeps) {}

  async answer(asked: FlightSearchQuery, view: CalendarView = 'nearby'): Promise<CalendarAnswer> {
    const today = this.deps.clock.now().toISOString().slice(0, 10);
    const days = view === 'month' ? monthDays(asked, today) : calendarDays(asked, today);
    const searchable = days.flatMap((day) => (day.search ? [day.search] : []));
    const known = await this.deps.priceIndex.fresh(searchable);
    const unknown = days
      .filter((day) => day.search && !known.has(searchKey(day.search)) && !this.#failed.has(searchKey(day.search)))
      .sort((a, b) => a.distance - b.distance);
    const fresh = unknown.filter((day) => !this.#searching.has(searchKey(day.search!)));
    for (const day of fresh.slice(0, CALENDAR_LIVE_SEARCHES)) this.#search(day.search!);
    const live = new Set(unknown.map((day) => searchKey(day.search!)));
    await this.#awhile(unknown.flatMap((day) => this.#searching.get(searchKey(day.search!)) ?? []));
    const found = unknown.length > 0 ? await this.deps.priceIndex.fresh(unknown.map((day) => day.search!)) : known;
    const cells = days.map((day) => {
      const key = day.search && searchKey(day.search);
      return cellOf(day, key ? (known.get(key) ?? found.get(key)) : undefined, key ? this.#stateOf(key, live) : 'old');
    });
    return { cells, pending: cells.filter((cell) => cell.status === 'pending').length };
  }

  #search(search: FlightSearchQuery): void {
    const key = searchKey(search);
    const done = this.#limit(async () => {
      try {
        await this.deps.priceIndex.record(search, await cheapestOffer(this.deps.searchPages, search));
      } catch {
        this.#failed.set(key, true);
      }
    }).finally(() => this.#searching.delete(key));
    this.#searching.set(key, done);
  }

  async #awhile(searches: Promise<void>[]): Promise<void> {
    if (searches.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.deps.waitMs ?? WAIT_MS)));
    await Promise.race([Promise.all(searches), timeout]);
    clearTimeout(timer);
  }

  #stateOf(key: string, live: Set<string>): 'failed' | 'live' | 'old' {
    if (this.#failed.has(key)) return 'failed';
    return live.has(key) ? 'live' : 'old';
  }
}

function cellOf(day: CalendarDay, price: IndexedPrice | undefined, state: 'failed' | 'live' | 'old'): CalendarCell {
  const dates = { departureDate: day.departureDate, returnDate: day.returnDate };
  const empty = { cheapest: null, checkedAt: null, live: false };
  if (!day.search) return { ...dates, ...empty, status: 'unavailable' };
  if (state === 'failed') return { ...dates, ...empty, status: 'failed' };
  if (!price) return { ...dates, ...empty, status: 'pending' };
  return {
    ...dates,
    status: price.cheapest ? 'priced' : 'none',
    cheapest: price.cheapest,
    checkedAt: new Date(price.seenAt).toISOString(),
    live: state === 'live',
  };
}
