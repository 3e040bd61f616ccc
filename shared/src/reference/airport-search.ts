import type { Airport } from './airport.js';

export const AIRPORT_SEARCH_MIN_LENGTH = 2;
export const AIRPORT_SEARCH_LIMIT = 15;

function matchesWord(airport: Airport, word: string): boolean {
  return (
    airport.city_name.toLowerCase().includes(word) ||
    airport.name.toLowerCase().includes(word) ||
    airport.iata_code.toLowerCase() === word ||
    airport.country_code.toLowerCase() === word
  );
}

/** Lower rank sorts first: seed 000 §5's order of exact city, exact name, exact code, prefixes, contains. */
function rank(airport: Airport, query: string): number {
  const city = airport.city_name.toLowerCase();
  const name = airport.name.toLowerCase();
  if (city === query) return 0;
  if (name === query) return 1;
  if (airport.iata_code.toLowerCase() === query) return 2;
  if (city.startsWith(query)) return 3;
  if (name.startsWith(query)) return 4;
  if (city.includes(query)) return 5;
  return 6;
}

/** The airport picker's local search (seed 000 §5): every word must match; at most 15 results. */
export function searchAirports(list: readonly Airport[], rawQuery: string, limit = AIRPORT_SEARCH_LIMIT): Airport[] {
  const query = rawQuery.trim().toLowerCase();
  if (query.length < AIRPORT_SEARCH_MIN_LENGTH) return [];
  const words = query.split(/\s+/);
  return list
    .filter((airport) => words.every((word) => matchesWord(airport, word)))
    .map((airport) => ({ airport, rank: rank(airport, query) }))
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        a.airport.city_name.localeCompare(b.airport.city_name) ||
        a.airport.iata_code.localeCompare(b.airport.iata_code),
    )
    .slice(0, limit)
    .map((entry) => entry.airport);
}
