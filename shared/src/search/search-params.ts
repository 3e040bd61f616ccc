import { slicesText, type SearchLeg } from '../flights/search-slices.js';
import type { CabinClass } from './cabin.js';
import type { SearchForm } from './search-form.js';

/** The query parameter of "include nearby airports" (issue 34), `1` when asked, absent otherwise. */
export const NEARBY_AIRPORTS_PARAM = 'nearbyAirports';

/**
 * The query string of `/search` built by the home form (seed 000 §2): origin, destination,
 * departureDate, adults, children, infants, cabinClass, tripType, returnDate only for a round trip,
 * and nearbyAirports only when asked.
 */
export function homeSearchParams(form: SearchForm): URLSearchParams {
  if (form.tripType === 'multi-city' && form.slices) return multiCityParams(form, form.slices);
  const params = new URLSearchParams({
    origin: form.origin.toUpperCase(),
    destination: form.destination.toUpperCase(),
    departureDate: form.departureDate,
    adults: String(form.adultsCount),
    children: String(form.childrenCount),
    infants: String(form.infantsCount),
    cabinClass: form.cabinClass,
    tripType: form.tripType,
  });
  if (form.tripType === 'round-trip' && form.returnDate) params.set('returnDate', form.returnDate);
  if (form.nearbyAirports) params.set(NEARBY_AIRPORTS_PARAM, '1');
  return params;
}

/** A multi-city search's query (issue 34): its flights in one `slices` value, the passengers and cabin. */
function multiCityParams(form: SearchForm, slices: readonly SearchLeg[]): URLSearchParams {
  return new URLSearchParams({
    tripType: 'multi-city',
    slices: slicesText(slices),
    adults: String(form.adultsCount),
    children: String(form.childrenCount),
    infants: String(form.infantsCount),
    cabinClass: form.cabinClass,
  });
}

export function homeSearchUrl(form: SearchForm): string {
  return `/search?${homeSearchParams(form).toString()}`;
}

export interface DealRoute {
  originCode: string;
  destinationCode: string;
  departureDate: string;
  /** A deal showing a date range is a round trip: it returns on the range's last day. */
  returnDate?: string;
}

/**
 * A deal card's full-page link (seed 000 §2). Its count names differ from the home form on purpose:
 * adultsCount=1, childrenCount=0, infantsCount=0, cabinClass=economy; a round-trip deal adds its
 * returnDate (the results page reads the trip type from it).
 */
export function dealSearchUrl(deal: DealRoute): string {
  const cabinClass: CabinClass = 'economy';
  const params = new URLSearchParams({
    origin: deal.originCode,
    destination: deal.destinationCode,
    departureDate: deal.departureDate,
    adultsCount: '1',
    childrenCount: '0',
    infantsCount: '0',
    cabinClass,
  });
  if (deal.returnDate) params.set('returnDate', deal.returnDate);
  return `/search?${params.toString()}`;
}
