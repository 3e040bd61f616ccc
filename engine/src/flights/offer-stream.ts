import type { SearchOffer } from '@contrail/shared';
import { sortKey, sortOffers, type ProviderSort } from '@contrail/shared/results/sort';
import type { OfferPage } from './provider.js';

/** Duffel's largest page. */
export const MAX_PROVIDER_PAGE = 200;
/**
 * Read past what a page needs, so that ties at its end rarely cost another provider call: prices
 * (in cents) seldom tie, so two offers more are enough; total durations (in minutes) often do.
 * Every offer read is built, viewed and kept, so reading ten more than a page of 30 costs a third more.
 */
const LOOKAHEAD: Record<ProviderSort, number> = { 'price-asc': 2, 'price-desc': 2, 'duration-asc': 10 };
/** Duffel caps what one search returns far below this; a guard against a cursor that never ends. */
const MAX_OFFERS = 2000;

export type ListPage = (limit: number, after: string | undefined) => Promise<OfferPage>;

/**
 * A started search's offers in one order, read from the provider only as far as the pages asked
 * for need. The provider sorts its listing by the order's first criterion (`sortKey`: price or
 * total duration); ties are broken here by the shared order (`sortOffers`), so a page shows only
 * offers that sort strictly before the last one read: no offer still unread can come before them.
 * A listing that arrives out of that order is read to its end and sorted here, which is always
 * right, only dearer.
 */
export class OfferStream {
  /** In the provider's order. */
  readonly #read: SearchOffer[] = [];
  /** The next page's cursor; undefined before the first page, null after the last. */
  #after: string | null | undefined;
  #inProviderOrder = true;
  /** The offers no unread offer can precede, in the shared order. */
  #settled: SearchOffer[] = [];
  #reading: Promise<void> | undefined;

  constructor(
    private readonly sort: ProviderSort,
    private readonly listPage: ListPage,
  ) {}

  /** Every offer of the search has been read. */
  get complete(): boolean {
    return this.#after === null;
  }

  /** Offers read so far: all of them once `complete`. */
  get found(): number {
    return this.#read.length;
  }

  /** The offers read so far, in the provider's order. */
  get read(): readonly SearchOffer[] {
    return this.#read;
  }

  /** Every offer of the search, read to the end. */
  async all(): Promise<readonly SearchOffer[]> {
    await this.slice(0, Number.MAX_SAFE_INTEGER);
    return this.#read;
  }

  /** Offers `start` to `end` (exclusive) of the order, reading the provider as far as that needs. */
  async slice(start: number, end: number): Promise<SearchOffer[]> {
    // A long run of ties (same total duration) takes more than the lookahead: read twice as far each time.
    let limit = end - this.#settled.length + LOOKAHEAD[this.sort];
    while (this.#settled.length < end && !this.complete) {
      // Concurrent pages of one order share each provider call.
      this.#reading ??= this.#readMore(limit).finally(() => (this.#reading = undefined));
      await this.#reading;
      limit *= 2;
    }
    return this.#settled.slice(start, end);
  }

  async #readMore(limit: number): Promise<void> {
    // Out of order, everything must be read: in the largest pages.
    const size = this.#inProviderOrder ? Math.min(MAX_PROVIDER_PAGE, limit) : MAX_PROVIDER_PAGE;
    const page = await this.listPage(size, this.#after ?? undefined);
    for (const offer of page.offers) {
      const last = this.#read.at(-1);
      if (last && sortKey(offer, this.sort) < sortKey(last, this.sort)) this.#inProviderOrder = false;
      this.#read.push(offer);
    }
    const ended = page.after === null || page.offers.length === 0 || this.#read.length >= MAX_OFFERS;
    this.#after = ended ? null : page.after;
    this.#settle();
  }

  #settle(): void {
    const sorted = sortOffers(this.#read, this.sort);
    if (this.complete) {
      this.#settled = sorted;
    } else if (!this.#inProviderOrder) {
      this.#settled = [];
    } else {
      const boundary = sortKey(this.#read.at(-1)!, this.sort);
      // The last offer read is at the boundary itself, so the index is always found.
      this.#settled = sorted.slice(
        0,
        sorted.findIndex((offer) => sortKey(offer, this.sort) >= boundary),
      );
    }
  }
}
