import type { SearchableAirport } from './airport-search.js';
import { AIRPORT_RESULTS_LIMIT } from './airport-search.js';

/** A city of the picker: its entry ("New York (all airports)", NYC) and its airports' codes. */
export interface CityOption<A> {
  entry: A;
  airports: readonly string[];
}

/**
 * The picker's options with cities (issue 34): "New York (all airports)" just before the first of
 * its airports found, or first when the city's own code (NYC) is typed; at most the usual limit.
 */
export function withCities<A extends SearchableAirport>(
  found: readonly A[],
  query: string,
  cities: readonly CityOption<A>[],
  limit = AIRPORT_RESULTS_LIMIT,
): A[] {
  const typed = query.trim().toLowerCase();
  const options: A[] = cities.filter((city) => city.entry.iata_code.toLowerCase() === typed).map((city) => city.entry);
  for (const airport of found) {
    const city = cities.find((each) => each.airports.includes(airport.iata_code))?.entry;
    if (city && !options.includes(city)) options.push(city);
    options.push(airport);
  }
  return options.slice(0, limit);
}
