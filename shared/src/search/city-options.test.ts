import { describe, expect, it } from 'vitest';
import { withCities } from './city-options.js';

const airport = (iata_code: string, city_name: string) => ({
  iata_code,
  name: `${iata_code} airport`,
  city_name,
  country_code: 'US',
});
const newYork = {
  entry: { iata_code: 'NYC', name: '3 airports', city_name: 'New York (all airports)', country_code: 'US' },
  airports: ['JFK', 'EWR', 'LGA'],
};
const codes = (list: { iata_code: string }[]) => list.map((each) => each.iata_code);

describe('the picker’s city options', () => {
  it('puts the city just before the first of its airports found, once', () => {
    const found = [airport('BOS', 'Boston'), airport('JFK', 'New York'), airport('LGA', 'New York')];
    expect(codes(withCities(found, 'new york', [newYork]))).toEqual(['BOS', 'NYC', 'JFK', 'LGA']);
  });

  it('offers the city when its code is typed, though no airport matches it', () => {
    expect(codes(withCities([], 'nyc', [newYork]))).toEqual(['NYC']);
  });

  it('adds nothing when no airport of a city is found, and keeps to the limit', () => {
    const found = [airport('SEA', 'Seattle')];
    expect(codes(withCities(found, 'sea', [newYork]))).toEqual(['SEA']);
    const many = [airport('JFK', 'New York'), airport('LGA', 'New York')];
    expect(codes(withCities(many, 'new york', [newYork], 2))).toEqual(['NYC', 'JFK']);
  });
});
