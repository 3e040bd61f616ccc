/** The airport fields the local search reads (seed 000 §3). */
export interface SearchableAirport {
  iata_code: string;
  name: string;
  city_name?: string | null;
  country_code: string;
}

export const AIRPORT_QUERY_MIN_LENGTH = 2;
export const AIRPORT_RESULTS_LIMIT = 15;

interface Indexed<A> {
  airport: A;
  city: string;
  name: string;
  code: string;
  country: string;
}

function index<A extends SearchableAirport>(airport: A): Indexed<A> {
  return {
    airport,
    city: (airport.city_name ?? '').toLowerCase(),
    name: airport.name.toLowerCase(),
    code: airport.iata_code.toLowerCase(),
    country: airport.country_code.toLowerCase(),
  };
}

function matchesWord(entry: Indexed<SearchableAirport>, word: string): boolean {
  return entry.city.includes(word) || entry.name.includes(word) || entry.code === word || entry.country === word;
}

/** Ranking tiers of seed 000 §5, best first; anything else ranks last. */
function tier(entry: Indexed<SearchableAirport>, query: string): number {
  if (entry.city === query) return 0;
  if (entry.name === query) return 1;
  if (entry.code === query) return 2;
  if (entry.city.startsWith(query)) return 3;
  if (entry.name.startsWith(query)) return 4;
  if (entry.city.includes(query)) return 5;
  return 6;
}

/**
 * Seed 000 §5 local airport search: under 2 characters nothing; every word must be part of the
 * city or name, or equal the IATA or country code; ranked exact city, exact name, exact code,
 * city prefix, name prefix, city contains, then by city; at most 15. Duplicate codes appear once.
 */
export function searchAirports<A extends SearchableAirport>(
  airports: readonly A[],
  query: string,
  limit = AIRPORT_RESULTS_LIMIT,
): A[] {
  const q = query.trim().toLowerCase();
  if (q.length < AIRPORT_QUERY_MIN_LENGTH) return [];
  const words = q.split(/\s+/).filter(Boolean);
  const seen = new Set<string>();
  const ranked = airports
    .map(index)
    .filter((entry) => words.every((word) => matchesWord(entry, word)))
    .map((entry) => ({ entry, tier: tier(entry, q) }))
    .sort(
      (a, b) =>
        a.tier - b.tier ||
        a.entry.city.localeCompare(b.entry.city, 'en') ||
        a.entry.name.localeCompare(b.entry.name, 'en'),
    );
  const result: A[] = [];
  for (const { entry } of ranked) {
    if (seen.has(entry.code)) continue;
    seen.add(entry.code);
    result.push(entry.airport);
    if (result.length >= limit) break;
  }
  return result;
}

/** What the picker shows once an airport is chosen: "City (CODE)", or the name when no city. */
export function airportLabel(airport: SearchableAirport): string {
  const place = airport.city_name?.trim() || airport.name;
  return `${place} (${airport.iata_code})`;
}
