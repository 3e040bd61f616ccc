import { airlines, airportByIata, type Airline, type Airport } from '@contrail/shared';
import { distanceKm } from './geo.js';

/** One flight leg a carrier could plausibly fly. */
export interface Leg {
  carrier: Airline;
  from: Airport;
  to: Airport;
  distanceKm: number;
}

export type Route = Leg[];

const LOW_COST = new Set(['B6', 'WN', 'F9', 'NK', 'U2', 'FR', '6E']);
const LOW_COST_RANGE_KM: Record<string, number> = { B6: 6000 };
const MAX_RANGE_KM = 15_500;
const MIN_LEG_KM = 150;
const REGIONAL_KM = 2500;

export function isLowCost(carrier: Airline): boolean {
  return LOW_COST.has(carrier.iata_code);
}

/** Full-service carriers' hubs: where airlines from abroad plausibly fly (a low-cost base is not one). */
const gateways = new Set(airlines.filter((airline) => !isLowCost(airline)).flatMap((airline) => airline.hubs));

function maxRange(carrier: Airline): number {
  return isLowCost(carrier) ? (LOW_COST_RANGE_KM[carrier.iata_code] ?? 4500) : MAX_RANGE_KM;
}

/**
 * Hub and spoke: a carrier flies from or to one of its hubs, within range; a spoke abroad must be
 * a full-service carrier's hub or within regional reach; no carrier flies domestic legs of a foreign country.
 */
export function carrierFlies(carrier: Airline, a: Airport, b: Airport, distance = distanceKm(a, b)): boolean {
  if (a.iata_code === b.iata_code || distance < MIN_LEG_KM || distance > maxRange(carrier)) return false;
  const fromHub = carrier.hubs.includes(a.iata_code);
  const toHub = carrier.hubs.includes(b.iata_code);
  if (!fromHub && !toHub) return false;
  if (a.country_code === b.country_code && a.country_code !== carrier.country_code) return false;
  if (fromHub && toHub) return true;
  const spoke = fromHub ? b : a;
  return spoke.country_code === carrier.country_code || gateways.has(spoke.iata_code) || distance <= REGIONAL_KM;
}

function leg(carrier: Airline, from: Airport, to: Airport): Leg | undefined {
  const distance = distanceKm(from, to);
  return carrierFlies(carrier, from, to, distance) ? { carrier, from, to, distanceKm: distance } : undefined;
}

function legsBetween(from: Airport, to: Airport): Leg[] {
  return airlines.map((carrier) => leg(carrier, from, to)).filter((found): found is Leg => found !== undefined);
}

const routeKm = (route: Route) => route.reduce((sum, part) => sum + part.distanceKm, 0);

/** Nonstop, one-stop (same carrier through its hub) and two-stop routes, plausibly short detours first. */
export function routesBetween(origin: Airport, destination: Airport, maxConnections: number): Route[] {
  const direct = distanceKm(origin, destination);
  const routes: Route[] = legsBetween(origin, destination).map((found) => [found]);
  if (maxConnections >= 1) routes.push(...oneStopRoutes(origin, destination, direct));
  if (maxConnections >= 2) routes.push(...twoStopRoutes(origin, destination, direct, routes.length));
  return routes;
}

function oneStopRoutes(origin: Airport, destination: Airport, direct: number): Route[] {
  const found: Route[] = [];
  for (const carrier of airlines) {
    for (const hubCode of carrier.hubs) {
      const hub = airportByIata(hubCode);
      if (!hub || hub.iata_code === origin.iata_code || hub.iata_code === destination.iata_code) continue;
      const first = leg(carrier, origin, hub);
      const second = first && leg(carrier, hub, destination);
      if (first && second && first.distanceKm + second.distanceKm <= direct * 1.45 + 300) found.push([first, second]);
    }
  }
  return shortestFirst(found, 14, 2);
}

/** The shortest routes, with at most `perCarrier` of them through the same airline's hubs. */
function shortestFirst(routes: Route[], wanted: number, perCarrier: number): Route[] {
  const taken = new Map<string, number>();
  const chosen: Route[] = [];
  for (const route of [...routes].sort((a, b) => routeKm(a) - routeKm(b))) {
    const carrier = route[0]!.carrier.iata_code;
    const count = taken.get(carrier) ?? 0;
    if (count >= perCarrier) continue;
    taken.set(carrier, count + 1);
    chosen.push(route);
    if (chosen.length === wanted) break;
  }
  return chosen;
}

/** Through two hubs, possibly on partner airlines, when nothing shorter is plentiful. */
function twoStopRoutes(origin: Airport, destination: Airport, direct: number, shorterRoutes: number): Route[] {
  const firsts = airlines.flatMap((carrier) =>
    carrier.hubs.map((code) => airportByIata(code)).flatMap((hub) => (hub ? [leg(carrier, origin, hub)] : [])),
  );
  const lasts = airlines.flatMap((carrier) =>
    carrier.hubs.map((code) => airportByIata(code)).flatMap((hub) => (hub ? [leg(carrier, hub, destination)] : [])),
  );
  const found: Route[] = [];
  for (const first of firsts) {
    if (!first || first.to.iata_code === destination.iata_code) continue;
    for (const last of lasts) {
      if (!last || last.from.iata_code === origin.iata_code || last.from.iata_code === first.to.iata_code) continue;
      const km = first.distanceKm + last.distanceKm;
      if (km > direct * 1.6 + 400) continue;
      const middle =
        leg(first.carrier, first.to, last.from) ??
        leg(last.carrier, first.to, last.from) ??
        legsBetween(first.to, last.from)[0];
      if (middle && km + middle.distanceKm <= direct * 1.6 + 400) found.push([first, middle, last]);
    }
  }
  const wanted = shorterRoutes >= 10 ? 4 : 10;
  return found.sort((a, b) => routeKm(a) - routeKm(b)).slice(0, wanted);
}
