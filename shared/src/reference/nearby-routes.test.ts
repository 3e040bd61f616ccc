import { describe, expect, it } from 'vitest';
import { airportByIata } from './airport-lookup.js';
import { distanceKm } from './great-circle.js';
import { NEARBY_AIRPORTS_KM, nearbyAirports, searchAirports } from './nearby-airports.js';
import { NEARBY_ROUTE_SEARCHES, nearbyRoutes } from './nearby-routes.js';

const km = (a: string, b: string) => distanceKm(airportByIata(a)!, airportByIata(b)!);

describe('the airports near Heathrow', () => {
  it("includes London's other airports, and Birmingham, 140 km away by great circle; not Manchester", () => {
    const near = nearbyAirports('LHR').map((each) => each.iata);
    expect(near).toEqual(expect.arrayContaining(['LGW', 'STN', 'LTN', 'LCY', 'SOU', 'BHX']));
    expect(near).not.toContain('LHR');
    expect(near).not.toContain('MAN');
    expect(near).not.toContain('EMA');
    expect(km('LHR', 'BHX')).toBeGreaterThan(135);
    expect(km('LHR', 'BHX')).toBeLessThan(NEARBY_AIRPORTS_KM);
    expect(km('LHR', 'EMA')).toBeGreaterThan(NEARBY_AIRPORTS_KM);
  });

  it('gives each its distance from the airport typed, nearest first', () => {
    const near = nearbyAirports('LHR');
    for (const each of near) expect(each.km).toBeCloseTo(km('LHR', each.iata), 6);
    expect(near.map((each) => each.km)).toEqual(near.map((each) => each.km).sort((a, b) => a - b));
    expect(searchAirports('LHR', true)).toEqual(['LHR', ...near.map((each) => each.iata)]);
  });

  it('an airport alone in its radius, or an unknown code, has none', () => {
    expect(nearbyAirports('MAD')).toEqual([]);
    expect(nearbyAirports('ZZZ')).toEqual([]);
  });
});

describe('the routes a nearby search runs', () => {
  it('the typed route first, then the nearest pairs, within the search budget', () => {
    const routes = nearbyRoutes('LHR', 'JFK');
    expect(routes[0]).toEqual({ origin: 'LHR', destination: 'JFK' });
    expect(routes).toHaveLength(NEARBY_ROUTE_SEARCHES);
    expect(routes).toEqual(
      expect.arrayContaining([
        { origin: 'LHR', destination: 'LGA' },
        { origin: 'LHR', destination: 'EWR' },
        { origin: 'LCY', destination: 'JFK' },
      ]),
    );
    const extra = routes.map((route) => km('LHR', route.origin) + km('JFK', route.destination));
    expect(extra).toEqual([...extra].sort((a, b) => a - b));
    expect(new Set(routes.map((route) => `${route.origin}-${route.destination}`)).size).toBe(routes.length);
  });

  it('a city code stays one search of all its airports, its neighbours added', () => {
    const routes = nearbyRoutes('nyc', 'LAX');
    expect(routes[0]).toEqual({ origin: 'NYC', destination: 'LAX' });
    expect(routes.map((route) => route.origin)).not.toContain('JFK');
    expect(routes).toContainEqual({ origin: 'NYC', destination: 'BUR' });
  });

  it('with nothing nearby, only the typed route; never a route from an airport to itself', () => {
    expect(nearbyRoutes('MAD', 'DEL')).toEqual([{ origin: 'MAD', destination: 'DEL' }]);
    const close = nearbyRoutes('LHR', 'LGW');
    expect(close[0]).toEqual({ origin: 'LHR', destination: 'LGW' });
    for (const route of close) expect(route.origin).not.toBe(route.destination);
  });
});
