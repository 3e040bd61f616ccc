import { describe, expect, it } from 'vitest';
import { airlineByIata, airlines, filterAirlines } from './airlines.js';
import { airportByIata } from './airport-lookup.js';
import { airportPlace } from './airport-place.js';
import { searchAirports } from '../search/airport-search.js';
import { airports } from './airports.js';
import { passportCountries } from './countries.js';
import { timeBucketOf } from './time-buckets.js';

describe('airports', () => {
  it('holds at least 300 airports with unique ids and codes, valid coordinates and IANA time zones', () => {
    expect(airports.length).toBeGreaterThanOrEqual(300);
    expect(new Set(airports.map((a) => a.id)).size).toBe(airports.length);
    expect(new Set(airports.map((a) => a.iata_code)).size).toBe(airports.length);
    for (const airport of airports) {
      expect(airport.iata_code).toMatch(/^[A-Z]{3}$/);
      expect(airport.country_code).toMatch(/^[A-Z]{2}$/);
      expect(Math.abs(airport.latitude)).toBeLessThanOrEqual(90);
      expect(Math.abs(airport.longitude)).toBeLessThanOrEqual(180);
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: airport.time_zone })).not.toThrow();
    }
  });

  it('is spread as seed 000 §3 says: many in the US, India, China, UK, Canada, Australia and Europe', () => {
    const count = (code: string) => airports.filter((a) => a.country_code === code).length;
    expect(count('US')).toBeGreaterThanOrEqual(60);
    expect(count('IN')).toBeGreaterThanOrEqual(20);
    expect(count('CN')).toBeGreaterThanOrEqual(20);
    expect(count('GB')).toBeGreaterThanOrEqual(10);
    expect(count('CA')).toBeGreaterThanOrEqual(10);
    expect(count('AU')).toBeGreaterThanOrEqual(8);
  });

  it('names every airport, and only those, by its city (else its name) in the short place list', () => {
    for (const airport of airports) expect(airportPlace(airport.iata_code)).toBe(airport.city_name || airport.name);
    expect(airportPlace('jfk')).toBe('New York');
    expect(airportPlace('XXX')).toBeUndefined();
  });

  it('includes every hub of every airline', () => {
    for (const airline of airlines) {
      for (const hub of airline.hubs) expect(airportByIata(hub), `${airline.iata_code} hub ${hub}`).toBeDefined();
    }
  });
});

describe('airlines', () => {
  it('include the 12 of the filter list with ICAO codes and hubs', () => {
    expect(filterAirlines.map((a) => `${a.iata_code} ${a.name}`)).toEqual([
      'AA American Airlines',
      'DL Delta Air Lines',
      'UA United Airlines',
      'B6 JetBlue',
      'WN Southwest Airlines',
      'AS Alaska Airlines',
      'F9 Frontier Airlines',
      'NK Spirit Airlines',
      'CX Cathay Pacific',
      'QF Qantas',
      'BA British Airways',
      'LH Lufthansa',
    ]);
    expect(airlineByIata('ba')?.icao_code).toBe('BAW');
    expect(new Set(airlines.map((a) => a.iata_code)).size).toBe(airlines.length);
  });
});

describe('countries and time buckets', () => {
  it('lists the 24 passport countries in the seed order', () => {
    expect(passportCountries.map((c) => c.code).join(',')).toBe(
      'US,GB,CA,AU,FR,DE,IT,ES,JP,CN,IN,BR,MX,RU,ZA,SG,AE,NZ,KR,SE,NO,DK,FI,IE',
    );
  });

  it('puts local times in the right bucket', () => {
    expect(timeBucketOf('2026-12-20T00:00:00')).toBe('early_morning');
    expect(timeBucketOf('2026-12-20T05:59:00')).toBe('early_morning');
    expect(timeBucketOf('2026-12-20T06:00:00')).toBe('morning');
    expect(timeBucketOf('2026-12-20T12:00:00')).toBe('afternoon');
    expect(timeBucketOf('2026-12-20T17:59:00')).toBe('afternoon');
    expect(timeBucketOf('2026-12-20T23:59:00')).toBe('evening');
    expect(timeBucketOf('not a date')).toBeUndefined();
  });
});

describe('the bundled airports through the shared airport search', () => {
  it('returns nothing under 2 characters', () => {
    expect(searchAirports(airports, 'l')).toEqual([]);
  });

  it('ranks the exact city first and caps at 15', () => {
    const found = searchAirports(airports, 'london');
    expect(found[0]?.city_name).toBe('London');
    expect(found.every((a) => a.city_name === 'London' || a.name.toLowerCase().includes('london'))).toBe(true);
    expect(searchAirports(airports, 'in').length).toBe(15);
  });

  it('matches an exact IATA code and needs every word to match', () => {
    expect(searchAirports(airports, 'jfk')[0]?.iata_code).toBe('JFK');
    expect(searchAirports(airports, 'new york kennedy').map((a) => a.iata_code)).toEqual(['JFK']);
    expect(searchAirports(airports, 'paris us')).toEqual([]);
  });
});
