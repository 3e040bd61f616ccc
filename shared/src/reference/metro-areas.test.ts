import { describe, expect, it } from 'vitest';
import { airportByIata } from './airport-lookup.js';
import { distanceKm } from './great-circle.js';
import { METRO_AREAS, metroArea, metroLabel } from './metro-areas.js';
import { cityAirports, NEARBY_AIRPORTS_KM, searchAirports } from './nearby-airports.js';

describe('cities with several airports', () => {
  it('a city code searches all its airports, named "(all airports)" in the picker', () => {
    expect(searchAirports('NYC')).toEqual(['JFK', 'EWR', 'LGA']);
    expect(searchAirports('lon')).toEqual(['LHR', 'LGW', 'STN', 'LTN', 'LCY']);
    expect(metroLabel(metroArea('NYC')!)).toBe('New York (all airports)');
    expect(metroLabel(metroArea('TYO')!)).toBe('Tokyo (all airports)');
  });

  it('an airport code that is also its city’s stays that airport; an unknown code searches nothing', () => {
    expect(metroArea('DFW')).toBeUndefined();
    expect(searchAirports('DFW')).toEqual(['DFW']);
    expect(searchAirports('ZZZ')).toEqual([]);
  });

  it('every city’s airports are in the reference data and in one city (within 100 km of each other)', () => {
    for (const metro of METRO_AREAS) {
      const found = metro.airports.map((code) => airportByIata(code));
      expect(found.every(Boolean), metro.code).toBe(true);
      for (const other of found) expect(distanceKm(found[0]!, other!), metro.code).toBeLessThan(100);
    }
  });
});

describe('include nearby airports', () => {
  it('adds the airports within 150 km, nearest first, and none further', () => {
    const fromSfo = searchAirports('SFO', true);
    expect(fromSfo.slice(0, 1)).toEqual(['SFO']);
    expect(fromSfo).toEqual(expect.arrayContaining(['OAK', 'SJC']));
    expect(fromSfo).not.toContain('RNO');
    const sfo = airportByIata('SFO')!;
    for (const code of fromSfo) expect(distanceKm(sfo, airportByIata(code)!)).toBeLessThanOrEqual(NEARBY_AIRPORTS_KM);
    const distances = fromSfo.slice(1).map((code) => distanceKm(sfo, airportByIata(code)!));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('around a city, nearby is measured from each of its airports', () => {
    const london = searchAirports('LON', true);
    expect(london.slice(0, 5)).toEqual(['LHR', 'LGW', 'STN', 'LTN', 'LCY']);
    expect(london).toEqual(expect.arrayContaining(['SOU']));
    expect(london).not.toContain('MAN');
  });
});

describe('the picker’s city entries', () => {
  it('one per city code, named "(all airports)", listing its airports', () => {
    const newYork = cityAirports.find((city) => city.entry.iata_code === 'NYC')!;
    expect(newYork.entry).toMatchObject({
      city_name: 'New York (all airports)',
      name: '3 airports',
      country_code: 'US',
    });
    expect(newYork.airports).toEqual(['JFK', 'EWR', 'LGA']);
    expect(cityAirports.some((city) => city.entry.iata_code === 'DFW')).toBe(false);
  });
});
