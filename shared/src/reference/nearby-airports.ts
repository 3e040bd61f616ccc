import { airportByIata } from './airport-lookup.js';
import type { Airport } from './airport.js';
import { airports } from './airports.js';
import { distanceKm } from './great-circle.js';
import { METRO_AREAS, metroArea, metroLabel } from './metro-areas.js';

import { NEARBY_AIRPORTS_KM } from '../search/nearby-option.js';

export { NEARBY_AIRPORTS_KM };

/** An airport near a searched code, and how far it is from the nearest of the code's airports. */
export interface NearbyAirport {
  iata: string;
  km: number;
}

/** The airports `code` names: a city's airports, or the airport itself; none for an unknown code. */
function ownAirports(code: string): string[] {
  const metro = metroArea(code);
  return metro ? [...metro.airports] : airportByIata(code) ? [code.toUpperCase()] : [];
}

/** The other airports within NEARBY_AIRPORTS_KM (great-circle) of any of `code`'s airports, nearest first. */
export function nearbyAirports(code: string): NearbyAirport[] {
  const own = ownAirports(code);
  const centres = own.map((iata) => airportByIata(iata)!);
  const closest = (airport: Airport) => Math.min(...centres.map((centre) => distanceKm(centre, airport)));
  return airports
    .filter((airport) => centres.length > 0 && !own.includes(airport.iata_code))
    .map((airport) => ({ iata: airport.iata_code, km: closest(airport) }))
    .filter((each) => each.km <= NEARBY_AIRPORTS_KM)
    .sort((a, b) => a.km - b.km);
}

/**
 * The airports a search from or to `code` uses: a city's airports, or the airport itself; with
 * `nearby`, every airport within NEARBY_AIRPORTS_KM (great-circle) of any of them, nearest first.
 */
export function searchAirports(code: string, nearby = false): string[] {
  const own = ownAirports(code);
  return nearby ? [...own, ...nearbyAirports(code).map((each) => each.iata)] : own;
}

/**
 * The picker's entries for cities (issue 34), shaped as airports: "New York (all airports)" under
 * NYC, placed and zoned as its busiest airport.
 */
export const cityAirports: { entry: Airport; airports: readonly string[] }[] = METRO_AREAS.filter((metro) =>
  metroArea(metro.code),
).map((metro) => {
  const busiest = airportByIata(metro.airports[0]!)!;
  const entry = {
    ...busiest,
    id: `cit_${metro.code.toLowerCase()}`,
    iata_code: metro.code,
    icao_code: null,
    name: `${metro.airports.length} airports`,
    city_name: metroLabel(metro),
  };
  return { entry, airports: metro.airports };
});
