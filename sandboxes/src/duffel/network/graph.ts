import { airportByIata, airports, type Airport } from '@contrail/shared';
import { aircraftFor } from '../aircraft.js';
import { distanceKm } from '../geo.js';
import { hash32 } from '../random.js';
import { MIN_LEG_KM, SECONDARY_AIRPORTS, shortHopAllowed, withinPerimeter } from './airport-rules.js';
import { carrierProfiles, connectionPoints, type CarrierProfile } from './carriers.js';
import { directFlightsAllowed, regionOf } from './regions.js';
import { THROUGH_FLIGHTS, trunkRoutes } from './trunk-routes.js';

/** A non-stop route one carrier flies, with its flights a day. */
export interface Leg {
  carrier: CarrierProfile;
  from: Airport;
  to: Airport;
  distanceKm: number;
  daily: number;
  /** From the trunk-route table (or a through flight) rather than the regional rule. */
  trunk: boolean;
}

/** Hubs of network airlines: flights between two of them are busy (more flights, jets). */
const majorAirports = new Set(
  carrierProfiles.filter((carrier) => carrier.model !== 'low_cost').flatMap((carrier) => carrier.airline.hubs),
);

const legKey = (carrier: string, from: string, to: string) => `${carrier}${from}${to}`;
const pairKey = (from: string, to: string) => `${from}${to}`;

/** The airports a carrier serves at both ends of a regional leg, by its own rules and the airports'. */
function regionalLegAllowed(carrier: CarrierProfile, from: Airport, to: Airport, km: number): boolean {
  if (from.iata_code === to.iata_code || km > carrier.regionalKm) return false;
  if (km < MIN_LEG_KM && !shortHopAllowed(from.iata_code, to.iata_code)) return false;
  const region = regionOf(to.country_code);
  if (!region || !carrier.regions.includes(region)) return false;
  if (
    carrier.countries &&
    (!carrier.countries.includes(to.country_code) || !carrier.countries.includes(from.country_code))
  )
    return false;
  if (carrier.avoid.includes(to.iata_code) || carrier.avoid.includes(from.iata_code)) return false;
  // No carrier flies domestic routes in a country that is not its own (or its affiliates').
  if (from.country_code === to.country_code && !carrier.homeCountries.includes(to.country_code)) return false;
  if (
    carrier.model !== 'low_cost' &&
    SECONDARY_AIRPORTS.has(to.iata_code) &&
    !connectionPoints(carrier).includes(to.iata_code)
  )
    return false;
  return legalFlight(from, to, km);
}

function legalFlight(from: Airport, to: Airport, km: number): boolean {
  return (
    directFlightsAllowed(from.country_code, to.country_code) &&
    withinPerimeter(from.iata_code, to.iata_code, to.country_code, km) &&
    withinPerimeter(to.iata_code, from.iata_code, from.country_code, km)
  );
}

/**
 * Flights a day on a regional leg: most between the carrier's own hubs, many between two big
 * hubs, fewer to smaller airports and on longer flights.
 */
function regionalDaily(carrier: CarrierProfile, from: Airport, to: Airport, km: number): number {
  const points = connectionPoints(carrier);
  const betweenBases = points.includes(from.iata_code) && points.includes(to.iata_code);
  const trunk = majorAirports.has(from.iata_code) && majorAirports.has(to.iata_code);
  const spread = hash32(`daily:${carrier.airline.iata_code}:${[from.iata_code, to.iata_code].sort().join('')}`) % 3;
  if (carrier.model === 'low_cost') return km < 1500 && betweenBases ? 3 : 1 + (spread % 2);
  if (km >= 4800) return 1;
  if (betweenBases) return km < 1000 ? 6 : km < 2500 ? 4 : 3;
  if (trunk) return km < 1000 ? 4 + spread : km < 2500 ? 2 + spread : 1 + (spread % 2);
  return km < 1000 ? 2 + spread : km < 2500 ? 1 + spread : 1 + (spread % 2);
}

/** Whether the carrier's fleet has an aircraft that can fly the distance. */
function flyable(carrier: CarrierProfile, km: number): boolean {
  return aircraftFor(carrier.fleet, km, 0) !== undefined;
}

class Network {
  readonly byKey = new Map<string, Leg>();
  readonly byPair = new Map<string, Leg[]>();
  readonly fromAirport = new Map<string, Leg[]>();

  add(carrier: CarrierProfile, from: Airport, to: Airport, daily: number, trunk: boolean): void {
    const key = legKey(carrier.airline.iata_code, from.iata_code, to.iata_code);
    const existing = this.byKey.get(key);
    if (existing) {
      if (trunk) Object.assign(existing, { daily: Math.max(daily, existing.daily), trunk: true });
      return;
    }
    const km = distanceKm(from, to);
    if (!flyable(carrier, km)) return;
    const leg: Leg = { carrier, from, to, distanceKm: km, daily, trunk };
    this.byKey.set(key, leg);
    const pair = pairKey(from.iata_code, to.iata_code);
    this.byPair.set(pair, [...(this.byPair.get(pair) ?? []), leg]);
    this.fromAirport.set(from.iata_code, [...(this.fromAirport.get(from.iata_code) ?? []), leg]);
  }
}

function build(): Network {
  const network = new Network();
  for (const carrier of carrierProfiles) {
    // Low-cost carriers fly their regional network from every base; network airlines from their hubs,
    // and only domestic routes from their focus cities.
    const origins = carrier.model === 'network' ? carrier.airline.hubs : connectionPoints(carrier);
    for (const code of origins) {
      const origin = airportByIata(code);
      if (!origin) continue;
      for (const other of airports) {
        const km = distanceKm(origin, other);
        if (!regionalLegAllowed(carrier, origin, other, km)) continue;
        const daily = regionalDaily(carrier, origin, other, km);
        network.add(carrier, origin, other, daily, false);
        network.add(carrier, other, origin, daily, false);
      }
    }
    if (carrier.model === 'network') {
      for (const code of carrier.focus) {
        const base = airportByIata(code);
        if (!base || !carrier.homeCountries.includes(base.country_code)) continue;
        for (const other of airports) {
          const km = distanceKm(base, other);
          if (other.country_code !== base.country_code || !regionalLegAllowed(carrier, base, other, km)) continue;
          const daily = regionalDaily(carrier, base, other, km);
          network.add(carrier, base, other, daily, false);
          network.add(carrier, other, base, daily, false);
        }
      }
    }
  }
  for (const route of trunkRoutes) {
    const carrier = carrierProfiles.find((profile) => profile.airline.iata_code === route.carrier);
    const from = airportByIata(route.from);
    const to = airportByIata(route.to);
    if (!carrier || !from || !to) throw new Error(`Unknown carrier or airport in trunk route ${JSON.stringify(route)}`);
    if (legalFlight(from, to, distanceKm(from, to))) network.add(carrier, from, to, route.daily, true);
  }
  for (const through of THROUGH_FLIGHTS) {
    const carrier = carrierProfiles.find((profile) => profile.airline.iata_code === through.carrier)!;
    const [a, b, c] = through.airports.map((code) => airportByIata(code)!) as [Airport, Airport, Airport];
    network.add(carrier, a, b, 0, true);
    network.add(carrier, b, c, 0, true);
  }
  return network;
}

export function isBetweenMajorAirports(leg: Leg): boolean {
  return majorAirports.has(leg.from.iata_code) && majorAirports.has(leg.to.iata_code);
}

let network: Network | undefined;
const graph = () => (network ??= build());

/** Every carrier's non-stop leg between two airports, in this direction. */
export function legsBetween(from: string, to: string): Leg[] {
  return graph().byPair.get(pairKey(from, to)) ?? [];
}

export function legsFrom(from: string): Leg[] {
  return graph().fromAirport.get(from) ?? [];
}

export function legOf(carrier: string, from: string, to: string): Leg | undefined {
  return graph().byKey.get(legKey(carrier, from, to));
}

/** Whether the carrier flies this city pair non-stop. */
export function fliesNonstop(carrier: string, from: string, to: string): boolean {
  return graph().byKey.has(legKey(carrier, from, to));
}
