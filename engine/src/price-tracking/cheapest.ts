import type { FlightOffer } from '@contrail/shared';
import { fullOfferContext } from '@contrail/shared/pricing/offer-trip';
import { priceOffer } from '@contrail/shared/pricing/price-offer';
import type { BrandPricing } from '@contrail/shared/pricing/pricing';
import type { FlightProvider, FlightSearchQuery } from '../flights/provider.js';
import { searchKey } from '../flights/search-cache.js';
import type { TrackedSearch } from '@contrail/shared/price-tracking/tracked-search';

export interface CheapestFound {
  minor: number;
  currency: string;
  departureDate: string;
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The departure days a check searches: the date, or each day of the month from today on. */
export function daysOf(search: TrackedSearch, today: string): string[] {
  if (search.when.kind === 'date') return search.when.departureDate >= today ? [search.when.departureDate] : [];
  const first = Date.parse(`${search.when.month}-01T00:00:00Z`);
  const days: string[] = [];
  for (let at = first; isoDay(at).startsWith(search.when.month); at += DAY_MS) {
    if (isoDay(at) >= today) days.push(isoDay(at));
  }
  return days;
}

export function queryOf(search: TrackedSearch, departureDate: string): FlightSearchQuery {
  return {
    origin: search.origin,
    destination: search.destination,
    departureDate,
    ...(search.when.kind === 'date' && search.when.returnDate && { returnDate: search.when.returnDate }),
    cabinClass: search.cabinClass,
    adultsCount: search.adultsCount,
    childrenCount: search.childrenCount,
    infantsCount: search.infantsCount,
  };
}

/** Travellers tracking the same route, dates, cabin and passengers share this key (and so one check). */
export function trackedSearchKey(search: TrackedSearch): string {
  if (search.when.kind === 'date') return searchKey(queryOf(search, search.when.departureDate));
  return searchKey({ ...queryOf(search, `month:${search.when.month}`) });
}

/** An offer's price as the brand sells it (the one priceOffer), in minor units. */
function customerPrice(offer: FlightOffer, pricing: BrandPricing) {
  const priced = priceOffer(pricing, { ...offer, ...fullOfferContext(offer, pricing) });
  return priced && { minor: priced.customer, currency: priced.currency };
}

/** The cheapest price on sale over the check's days, live from the provider (the price index is never a price). */
export async function cheapestNow(
  flights: Pick<FlightProvider, 'search'>,
  search: TrackedSearch,
  days: readonly string[],
  pricing: BrandPricing,
): Promise<CheapestFound | null> {
  let best: CheapestFound | null = null;
  for (const day of days) {
    for (const offer of await flights.search(queryOf(search, day))) {
      const price = customerPrice(offer, pricing);
      if (price && (!best || price.minor < best.minor)) best = { ...price, departureDate: day };
    }
  }
  return best;
}
