import type { SearchOffer } from '@contrail/shared';
import type { PassengerQuery } from '@contrail/shared/results/search-links';
import { LRUCache } from 'lru-cache';
import type { FlightSearchQuery } from './provider.js';

/** An offer a search page listed, with the passengers it was searched for. */
export interface RecentOffer {
  offer: SearchOffer;
  passengers: PassengerQuery;
}

/** Offers expire about 30 minutes after the search that found them. */
const KEPT_MS = 30 * 60_000;
// Shared with the search cache's own pages while they live; a few MB at most.
const MAX_OFFERS = 2_000;

export function searchPassengers(query: FlightSearchQuery): PassengerQuery {
  return { adults: query.adultsCount, children: query.childrenCount, infants: query.infantsCount };
}

/**
 * The offers this engine's search pages listed lately, by id: what the HTML of an offer's details
 * and booking pages shows of it before the app runs (http/offer-summary-module.ts). Another engine, or a
 * restarted one, has none: its pages then come without.
 */
export class RecentOffers {
  readonly #offers = new LRUCache<string, RecentOffer>({ max: MAX_OFFERS, ttl: KEPT_MS });

  remember(offers: readonly SearchOffer[], passengers: PassengerQuery): void {
    for (const offer of offers) this.#offers.set(offer.id, { offer, passengers });
  }

  find(id: string): RecentOffer | undefined {
    return this.#offers.get(id);
  }
}
