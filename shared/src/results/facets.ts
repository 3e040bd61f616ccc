import type { SearchFacets } from '../flights/offer.js';
import type { SearchOffer } from '../flights/search-offer.js';
import type { PricingContext } from '../pricing/price-offer.js';
import { airlineOptions } from './airline-options.js';
import { cabinsSold } from './cabins-sold.js';
import { durationBounds } from './duration-bounds.js';
import { median } from './emissions.js';
import { offerFacts } from './offer-index.js';
import { priceBounds } from './price-bounds.js';
import { sliceConnections } from './connections.js';

function connectionChoices(offers: readonly SearchOffer[]): Array<{ code: string; name: string }> {
  const names = new Map<string, string>();
  for (const offer of offers) {
    for (const connection of offer.slices.flatMap(sliceConnections)) {
      for (const airport of [connection.arrival, connection.departure]) {
        if (!names.has(airport.iata_code)) names.set(airport.iata_code, airport.city_name || airport.name);
      }
    }
  }
  return [...names].map(([code, name]) => ({ code, name })).sort((a, b) => a.code.localeCompare(b.code));
}

function emissionsRange(offers: readonly SearchOffer[]): SearchFacets['emissionsKg'] {
  const kgs = offers.map((offer) => offerFacts(offer).emissionsKg).filter((kg): kg is number => kg !== null);
  const middle = median(kgs);
  return middle === null ? null : { min: Math.min(...kgs), max: Math.max(...kgs), median: middle };
}

/**
 * What the filters offer, over every offer found (not only the page shown): the price and
 * duration slider ranges, the airlines and connecting airports to pick from, and the emissions per
 * passenger with the route's median, which the cards' badges compare against, and the cabins sold.
 */
export function searchFacets(offers: readonly SearchOffer[], pricing?: PricingContext): SearchFacets {
  return {
    found: offers.length,
    price: priceBounds(offers, pricing),
    durationHours: durationBounds(offers),
    airlines: airlineOptions(offers),
    connections: connectionChoices(offers),
    emissionsKg: emissionsRange(offers),
    cabins: cabinsSold(offers),
  };
}
