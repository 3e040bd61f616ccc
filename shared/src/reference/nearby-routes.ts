import { nearbyAirports } from './nearby-airports.js';

/**
 * The provider searches one "include nearby airports" search may run (issue 34): each costs one
 * of the searches Duffel budgets per booking, so the nearest few routes only.
 */
export const NEARBY_ROUTE_SEARCHES = 6;

export interface NearbyRoute {
  origin: string;
  destination: string;
}

/**
 * The routes a search with nearby airports runs: the typed route first (a city code stays one
 * search, as Duffel searches all its airports), then the pairs of it and the airports around
 * either end, fewest extra kilometres first, NEARBY_ROUTE_SEARCHES in all at most.
 */
export function nearbyRoutes(origin: string, destination: string): NearbyRoute[] {
  const ends = (code: string) => [{ iata: code.toUpperCase(), km: 0 }, ...nearbyAirports(code)];
  const pairs = ends(origin).flatMap((from) =>
    ends(destination)
      .filter((to) => to.iata !== from.iata)
      .map((to) => ({ origin: from.iata, destination: to.iata, km: from.km + to.km })),
  );
  // A stable sort: at equal distance, origins nearest the typed one first, as listed.
  return pairs
    .sort((a, b) => a.km - b.km)
    .slice(0, NEARBY_ROUTE_SEARCHES)
    .map(({ origin, destination }) => ({ origin, destination }));
}
