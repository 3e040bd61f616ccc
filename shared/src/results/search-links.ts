import type { BagsWanted } from '../pricing/bags.js';
import { bagsQuery } from './bag-query.js';
import { CABIN_CLASSES, DEFAULT_CABIN_CLASS, type CabinClass } from '../search/cabin.js';
import { clampPassengers, type PassengerKind } from '../search/passengers.js';
import type { SearchForm, TripType } from '../search/search-form.js';
import { homeSearchParams, NEARBY_AIRPORTS_PARAM } from '../search/search-params.js';
import { MIN_MULTI_CITY_SLICES, parseSlicesText, type SearchLeg } from '../flights/search-slices.js';

/** The search a results page shows: the home form's values (seed 000 §2). */
export type ResultsSearch = SearchForm;

export const FROM_PREFIX = 'from_';
/** The local-storage key of the last valid search (seed 000 §3). */
export const LAST_SEARCH_KEY = 'lastSearchParams';

const FROM_FIELDS = [
  'origin',
  'destination',
  'departureDate',
  'returnDate',
  'cabinClass',
  'adults',
  'children',
  'infants',
  NEARBY_AIRPORTS_PARAM,
  'slices',
];

function text(params: URLSearchParams, name: string): string {
  return (params.get(name) ?? '').trim();
}

function count(params: URLSearchParams, kind: PassengerKind, fallback: number, prefix: string): number {
  // Deal cards link with adultsCount/childrenCount/infantsCount (seed 000 §2); the home form with adults...
  const raw = text(params, `${prefix}${kind}`) || (prefix ? '' : text(params, `${kind}Count`));
  return raw === '' ? fallback : clampPassengers(kind, Number(raw));
}

function readWith(params: URLSearchParams, prefix: string): ResultsSearch | null {
  const slices = parseSlicesText(text(params, `${prefix}slices`));
  if (slices && slices.length >= MIN_MULTI_CITY_SLICES) return readMultiCity(params, prefix, slices);
  const origin = text(params, `${prefix}origin`).toUpperCase();
  const destination = text(params, `${prefix}destination`).toUpperCase();
  const departureDate = text(params, `${prefix}departureDate`);
  if (!origin || !destination || !departureDate) return null;
  const returnDate = text(params, `${prefix}returnDate`) || undefined;
  const cabin = text(params, `${prefix}cabinClass`);
  const cabinClass: CabinClass = (CABIN_CLASSES as readonly string[]).includes(cabin)
    ? (cabin as CabinClass)
    : DEFAULT_CABIN_CLASS;
  // The from_ set carries no trip type: it is read from the return date. Without a return date it
  // is one way whatever the URL says, so the badge never claims a round trip (issue 20).
  const tripType: TripType =
    returnDate && (prefix || text(params, 'tripType') !== 'one-way') ? 'round-trip' : 'one-way';
  return {
    tripType,
    origin,
    destination,
    departureDate,
    returnDate: tripType === 'round-trip' ? returnDate : undefined,
    cabinClass,
    adultsCount: count(params, 'adults', 1, prefix),
    childrenCount: count(params, 'children', 0, prefix),
    infantsCount: count(params, 'infants', 0, prefix),
    ...(text(params, `${prefix}${NEARBY_AIRPORTS_PARAM}`) === '1' && { nearbyAirports: true }),
  };
}

function cabinOf(params: URLSearchParams, prefix: string): CabinClass {
  const cabin = text(params, `${prefix}cabinClass`);
  return (CABIN_CLASSES as readonly string[]).includes(cabin) ? (cabin as CabinClass) : DEFAULT_CABIN_CLASS;
}

/** A multi-city search (issue 34), named by its first origin, last destination and first date. */
function readMultiCity(params: URLSearchParams, prefix: string, slices: SearchLeg[]): ResultsSearch {
  return {
    tripType: 'multi-city',
    origin: slices[0]!.origin,
    destination: slices.at(-1)!.destination,
    departureDate: slices[0]!.departureDate,
    returnDate: undefined,
    slices,
    cabinClass: cabinOf(params, prefix),
    adultsCount: count(params, 'adults', 1, prefix),
    childrenCount: count(params, 'children', 0, prefix),
    infantsCount: count(params, 'infants', 0, prefix),
  };
}

function hasFromSet(params: URLSearchParams): boolean {
  if (text(params, `${FROM_PREFIX}slices`) !== '') return true;
  return text(params, `${FROM_PREFIX}origin`) !== '' && text(params, `${FROM_PREFIX}destination`) !== '';
}

/**
 * Seed 000 §2: the results page reads origin, destination, departureDate, returnDate, cabinClass,
 * adults, children, infants and tripType (inferred from returnDate when missing); the from_ set
 * wins when from_origin and from_destination are both present. Null without the three required.
 */
export function readResultsSearch(params: URLSearchParams): ResultsSearch | null {
  return hasFromSet(params) ? readWith(params, FROM_PREFIX) : readWith(params, '');
}

/** The from_ set alone (the flight details page carries it over), or null. */
export function readFromSearch(params: URLSearchParams): ResultsSearch | null {
  return hasFromSet(params) ? readWith(params, FROM_PREFIX) : null;
}

/** The /search query of a search (the home form's names). */
export function resultsSearchParams(search: ResultsSearch): URLSearchParams {
  return homeSearchParams(search);
}

export function resultsUrl(search: ResultsSearch): string {
  return `/search?${resultsSearchParams(search).toString()}`;
}

/** The same search as from_ parameters, for links to a flight's details. */
export function fromSearchParams(search: ResultsSearch): URLSearchParams {
  const plain = resultsSearchParams(search);
  const prefixed = new URLSearchParams();
  for (const field of FROM_FIELDS) {
    const value = plain.get(field);
    if (value) prefixed.set(`${FROM_PREFIX}${field}`, value);
  }
  return prefixed;
}

/** The route's median emissions per passenger, which the details page's badge compares against (issue 35). */
export const EMISSIONS_MEDIAN_PARAM = 'co2Median';

/** The route's median a details URL carries (whole kg, positive), or null. */
export function readEmissionsMedian(params: URLSearchParams): number | null {
  const value = Number(params.get(EMISSIONS_MEDIAN_PARAM) ?? '');
  return Number.isFinite(value) && value > 0 && value < 100_000 ? value : null;
}

export function flightDetailsUrl(
  offerId: string,
  search: ResultsSearch | null,
  bags: BagsWanted | null = null,
  emissionsMedian: number | null = null,
): string {
  const path = `/flight/${encodeURIComponent(offerId)}`;
  const params = search ? fromSearchParams(search) : new URLSearchParams();
  for (const [name, value] of Object.entries(bagsQuery(bags))) params.set(name, value);
  if (emissionsMedian !== null && emissionsMedian > 0)
    params.set(EMISSIONS_MEDIAN_PARAM, String(Math.round(emissionsMedian)));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Seed 000 §2: back from a flight goes to /search with the from_ parameters (prefix stripped),
 * else to the last saved search, else home.
 */
export function backToSearchUrl(detailsParams: URLSearchParams, lastSearch: ResultsSearch | null): string {
  const carried = readFromSearch(detailsParams);
  if (carried) return resultsUrl(carried);
  if (lastSearch) return resultsUrl(lastSearch);
  return '/';
}

export interface PassengerQuery {
  adults: number;
  children: number;
  infants: number;
}

/**
 * Seed 000 §2: /booking?offer={id}&adults=&children=&infants=, carrying the search as from_
 * parameters when known, so an offer that expires while booking returns to it (issue 33).
 */
export function bookingUrl(
  offerId: string,
  passengers: PassengerQuery,
  search: ResultsSearch | null = null,
  bags: BagsWanted | null = null,
): string {
  const params = new URLSearchParams({
    offer: offerId,
    adults: String(passengers.adults),
    children: String(passengers.children),
    infants: String(passengers.infants),
  });
  if (search) for (const [name, value] of fromSearchParams(search)) params.set(name, value);
  for (const [name, value] of Object.entries(bagsQuery(bags))) params.set(name, value);
  return `/booking?${params.toString()}`;
}

/** Reads a stored last search back, or null when it is missing or not a search. */
export function parseLastSearch(stored: string | null): ResultsSearch | null {
  if (!stored) return null;
  try {
    const value: unknown = JSON.parse(stored);
    if (!value || typeof value !== 'object') return null;
    const record = value as Record<string, unknown>;
    const params = new URLSearchParams();
    for (const [name, field] of Object.entries(record)) {
      if (typeof field === 'string' || typeof field === 'number') params.set(name, String(field));
    }
    return readWith(params, '');
  } catch {
    return null;
  }
}
