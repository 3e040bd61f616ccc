import type { Airport } from '@contrail/shared';
import { distanceKm } from '../geo.js';
import { connectionPoints, sells, type CarrierProfile } from './carriers.js';
import { legsBetween, legsFrom, type Leg } from './graph.js';

/** The legs of one way to fly a slice, on one ticket. */
export type Route = Leg[];

const routeKm = (route: Route) => route.reduce((sum, leg) => sum + leg.distanceKm, 0);

/** The airline selling a route: the carrier of its longest flight, which must sell all the others. */
export function ownerOf(route: Route): CarrierProfile {
  return route.reduce((longest, leg) => (leg.distanceKm > longest.distanceKm ? leg : longest)).carrier;
}

/**
 * One ticket: every flight is the owner's own or a partner's it sells; a low-cost carrier sells
 * only its own flights, and connections only where it sells them.
 */
export function sellableTogether(route: Route): boolean {
  const owner = ownerOf(route);
  if (route.length > 1 && !route.every((leg) => leg.carrier.sellsConnections)) return false;
  return route.every((leg) => sells(owner, leg.carrier));
}

/** A connection happens at a hub or focus city of one of the carriers meeting there. */
function connectsAt(arriving: Leg, leaving: Leg): boolean {
  const airport = arriving.to.iata_code;
  return connectionPoints(arriving.carrier).includes(airport) || connectionPoints(leaving.carrier).includes(airport);
}

/**
 * A journey within one country connects within it: no airline sells San Francisco-New York
 * through Toronto, with passport control and customs twice on the way.
 */
const connectsAtHome = (origin: Airport, destination: Airport, stop: Airport) =>
  origin.country_code !== destination.country_code || stop.country_code === origin.country_code;

/** How far a connecting route may stray from the great circle. */
const oneStopLimit = (direct: number) => (direct > 8000 ? direct * 1.25 : direct * 1.45 + 300);
const twoStopLimit = (direct: number) => direct * 1.6 + 400;

/** The shortest routes, at most `perOwner` sold by the same airline. */
function shortestFirst(routes: Route[], wanted: number, perOwner: number): Route[] {
  const taken = new Map<string, number>();
  const chosen: Route[] = [];
  for (const route of [...routes].sort((a, b) => routeKm(a) - routeKm(b))) {
    const owner = ownerOf(route).airline.iata_code;
    const count = taken.get(owner) ?? 0;
    if (count >= perOwner) continue;
    taken.set(owner, count + 1);
    chosen.push(route);
    if (chosen.length === wanted) break;
  }
  return chosen;
}

function oneStopRoutes(origin: Airport, destination: Airport, direct: number, nonstops: number): Route[] {
  const found: Route[] = [];
  for (const first of legsFrom(origin.iata_code)) {
    if (first.to.iata_code === destination.iata_code || !connectsAtHome(origin, destination, first.to)) continue;
    for (const second of legsBetween(first.to.iata_code, destination.iata_code)) {
      const route = [first, second];
      if (routeKm(route) <= oneStopLimit(direct) && connectsAt(first, second) && sellableTogether(route))
        found.push(route);
    }
  }
  // Where non-stops are plentiful, travellers are shown fewer connections; on the longest
  // journeys, where every alliance has its own way round the world, more.
  if (nonstops >= 4) return shortestFirst(found, 10, 2);
  return direct > 8000 ? shortestFirst(found, 28, 2) : shortestFirst(found, 16, 3);
}

function twoStopRoutes(origin: Airport, destination: Airport, direct: number): Route[] {
  const found: Route[] = [];
  const limit = twoStopLimit(direct);
  for (const first of legsFrom(origin.iata_code)) {
    const hub = first.to.iata_code;
    if (hub === destination.iata_code || first.distanceKm > limit || !connectsAtHome(origin, destination, first.to))
      continue;
    for (const middle of legsFrom(hub)) {
      const next = middle.to.iata_code;
      if (next === origin.iata_code || next === destination.iata_code || !connectsAt(first, middle)) continue;
      if (!connectsAtHome(origin, destination, middle.to)) continue;
      if (first.distanceKm + middle.distanceKm + distanceKm(middle.to, destination) > limit) continue;
      for (const last of legsBetween(next, destination.iata_code)) {
        const route = [first, middle, last];
        if (routeKm(route) <= limit && connectsAt(middle, last) && sellableTogether(route)) found.push(route);
      }
    }
  }
  return shortestFirst(found, 6, 2);
}

// The network never changes: each pair's routes are found once.
const routeCache = new Map<string, readonly Route[]>();
const ROUTE_CACHE_LIMIT = 5000;

/**
 * Ways to fly from one airport to another on one ticket: every non-stop, connections through the
 * hubs of the airlines flying them (shortest first), and two-stop routes only when there are
 * hardly any others.
 */
export function routesBetween(origin: Airport, destination: Airport, maxConnections: number): readonly Route[] {
  const key = `${origin.iata_code}${destination.iata_code}${maxConnections}`;
  let routes = routeCache.get(key);
  if (!routes) {
    routes = findRoutes(origin, destination, maxConnections);
    if (routeCache.size >= ROUTE_CACHE_LIMIT) routeCache.delete(routeCache.keys().next().value!);
    routeCache.set(key, routes);
  }
  return routes;
}

function findRoutes(origin: Airport, destination: Airport, maxConnections: number): Route[] {
  const direct = distanceKm(origin, destination);
  const routes: Route[] = legsBetween(origin.iata_code, destination.iata_code).map((leg) => [leg]);
  if (maxConnections >= 1) routes.push(...oneStopRoutes(origin, destination, direct, routes.length));
  if (maxConnections >= 2 && routes.length < 3) routes.push(...twoStopRoutes(origin, destination, direct));
  return routes;
}
