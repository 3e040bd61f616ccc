import { describe, expect, it } from 'vitest';
import { airportLabel, searchAirports, type SearchableAirport } from './airport-search.js';

const airport = (iata_code: string, name: string, city_name: string, country_code: string): SearchableAirport => ({
  iata_code,
  name,
  city_name,
  country_code,
});

const AIRPORTS = [
  airport('LHR', 'Heathrow Airport', 'London', 'GB'),
  airport('LGW', 'Gatwick Airport', 'London', 'GB'),
  airport('LCY', 'London City Airport', 'London', 'GB'),
  airport('YXU', 'London International Airport', 'London', 'CA'),
  airport('STN', 'London Stansted Airport', 'Stansted Mountfitchet', 'GB'),
  airport('SEN', 'Southend Airport', 'Southend-on-Sea', 'GB'),
  airport('LDY', 'City of Derry Airport', 'Londonderry', 'GB'),
  airport('PAR', 'Paris', 'Paris', 'FR'),
  airport('CDG', 'Charles de Gaulle Airport', 'Paris', 'FR'),
  airport('ORY', 'Orly Airport', 'Paris', 'FR'),
  airport('BOS', 'Logan International Airport', 'Boston', 'US'),
  airport('DEN', 'Denver International Airport', 'Denver', 'US'),
  airport('DUS', 'Düsseldorf Airport', 'Düsseldorf', 'DE'),
  airport('SFO', 'San Francisco International Airport', 'San Francisco', 'US'),
];

const codes = (query: string, list = AIRPORTS) => searchAirports(list, query).map((a) => a.iata_code);

describe('searchAirports', () => {
  it('returns nothing under 2 characters', () => {
    expect(codes('')).toEqual([]);
    expect(codes('l')).toEqual([]);
    expect(codes(' l ')).toEqual([]);
  });

  it('is case-insensitive and needs every word to match', () => {
    expect(codes('SAN fran')).toEqual(['SFO']);
    expect(codes('london gatwick')).toEqual(['LGW']);
    expect(codes('london xyz')).toEqual([]);
  });

  it('matches codes only exactly, but city and name by any part', () => {
    expect(codes('xu')).toEqual([]);
    expect(codes('yxu')).toEqual(['YXU']);
    expect(codes('ans')).toEqual(['STN']);
  });

  it('matches the country code exactly', () => {
    // Denver (city prefix), Londonderry (city contains), then name-only and country matches by city
    expect(codes('de')).toEqual(['DEN', 'LDY', 'DUS', 'CDG']);
    expect(codes('fr')).toEqual(['SFO', 'CDG', 'ORY', 'PAR']);
  });

  it('ranks exact city, exact name, exact code, city prefix, name prefix, city contains, then by city', () => {
    const list = [
      airport('AAA', 'Zeta Field', 'Rome Village', 'IT'), // city starts with
      airport('BBB', 'Rome Ciampino', 'Ciampino', 'IT'), // name starts with
      airport('ROM', 'All Rome Airports', 'Rome', 'IT'), // exact city
      airport('CCC', 'Rome', 'Lazio', 'IT'), // exact name
      airport('DDD', 'Field', 'Old Rome', 'IT'), // city contains
      airport('EEE', 'Greater Rome Airfield', 'Anzio', 'IT'), // name contains only
    ];
    expect(codes('rome', list)).toEqual(['ROM', 'CCC', 'AAA', 'BBB', 'DDD', 'EEE']);
    const byCode = [
      airport('XXX', 'Paris Beauvais', 'Beauvais', 'FR'),
      airport('BVA', 'Tillé', 'Beauvais-Tillé', 'FR'),
    ];
    expect(codes('bva', byCode)).toEqual(['BVA']);
  });

  it('puts an exact code before prefixes and sorts ties by city', () => {
    expect(codes('par')).toEqual(['PAR', 'CDG', 'ORY']);
    expect(codes('london')).toEqual(['LGW', 'LHR', 'LCY', 'YXU', 'LDY', 'STN']);
  });

  it('returns at most 15, or the given limit', () => {
    const many = Array.from({ length: 40 }, (_, i) =>
      airport(`A${String(i).padStart(2, '0')}`, `Springfield Field ${i}`, 'Springfield', 'US'),
    );
    expect(searchAirports(many, 'springfield')).toHaveLength(15);
    expect(searchAirports(many, 'springfield', 5)).toHaveLength(5);
  });

  it('shows an airport code once even when the list repeats it', () => {
    expect(codes('heathrow', [...AIRPORTS, airport('LHR', 'Heathrow Airport', 'London', 'GB')])).toEqual(['LHR']);
  });
});

describe('airportLabel', () => {
  it('shows the city with the code, or the name without a city', () => {
    expect(airportLabel(AIRPORTS[0]!)).toBe('London (LHR)');
    expect(airportLabel({ iata_code: 'XYZ', name: 'Somewhere Strip', city_name: null, country_code: 'US' })).toBe(
      'Somewhere Strip (XYZ)',
    );
  });
});
