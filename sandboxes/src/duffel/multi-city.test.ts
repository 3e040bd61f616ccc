import { describe, expect, it } from 'vitest';
import { SearchOffers } from './offers.js';
import { combinationFactor, MULTI_CITY_DISCOUNT_PER_FLIGHT } from './pricing.js';
import { encodeSearch, type SandboxSearch } from './request-codec.js';

const createdAtMs = Date.parse('2026-11-22T12:00:00Z');

function search(...slices: Array<[origin: string, destination: string, departureDate: string]>): SandboxSearch {
  return {
    createdAtMs,
    nonce: 'c0ffee00',
    cabin: 'economy',
    maxConnections: 1,
    passengers: ['adult'],
    slices: slices.map(([origin, destination, departureDate]) => ({ origin, destination, departureDate })),
  };
}

const offersOf = (request: SandboxSearch) => new SearchOffers(request, encodeSearch(request)).all();

describe('multi-city offers (issue 34)', () => {
  const threeCities = search(['JFK', 'LHR', '2026-12-20'], ['LHR', 'CDG', '2026-12-23'], ['CDG', 'JFK', '2026-12-28']);

  it('fly every slice of the request in order, each from its own route network', () => {
    const offers = offersOf(threeCities);
    expect(offers.length).toBeGreaterThan(5);
    for (const offer of offers) {
      expect(offer.slices.map((slice) => [slice.origin.iata_code, slice.destination.iata_code])).toEqual([
        ['JFK', 'LHR'],
        ['LHR', 'CDG'],
        ['CDG', 'JFK'],
      ]);
      for (const slice of offer.slices) {
        expect(slice.segments[0]!.origin.iata_code).toBe(slice.origin.iata_code);
        expect(slice.segments.at(-1)!.destination.iata_code).toBe(slice.destination.iata_code);
      }
      expect(offer.slices.map((slice) => slice.segments[0]!.departing_at.slice(0, 10))).toEqual([
        '2026-12-20',
        '2026-12-23',
        '2026-12-28',
      ]);
    }
  });

  it('sell one fare brand for the whole ticket, as round trips do', () => {
    for (const offer of offersOf(threeCities)) {
      expect(new Set(offer.slices.map((slice) => slice.fare_brand_name)).size).toBe(1);
    }
  });

  it('price base and taxes so that they add up to the total', () => {
    for (const offer of offersOf(threeCities)) {
      expect(Number(offer.base_amount) + Number(offer.tax_amount)).toBeCloseTo(Number(offer.total_amount), 2);
    }
  });

  it('work for an open jaw of two flights and for four flights', () => {
    const openJaw = offersOf(search(['JFK', 'LHR', '2026-12-20'], ['CDG', 'JFK', '2026-12-27']));
    expect(openJaw.length).toBeGreaterThan(0);
    expect(openJaw[0]!.slices.map((slice) => slice.origin.iata_code)).toEqual(['JFK', 'CDG']);
    const four = offersOf(
      search(
        ['LHR', 'CDG', '2026-12-20'],
        ['CDG', 'FRA', '2026-12-22'],
        ['FRA', 'MAD', '2026-12-24'],
        ['MAD', 'LHR', '2026-12-27'],
      ),
    );
    expect(four.length).toBeGreaterThan(0);
    expect(four[0]!.slices).toHaveLength(4);
  });
});

describe('the combination discount', () => {
  it('leaves one-way and round-trip fares alone', () => {
    expect(combinationFactor([{ origin: 'JFK', destination: 'LHR' }])).toBe(1);
    expect(
      combinationFactor([
        { origin: 'JFK', destination: 'LHR' },
        { origin: 'LHR', destination: 'JFK' },
      ]),
    ).toBe(1);
  });

  it('takes a little off for each flight after the first of an open jaw or multi-city ticket', () => {
    const legs = (n: number) => Array.from({ length: n }, (_, i) => ({ origin: `A${i}`, destination: `A${i + 1}` }));
    expect(combinationFactor(legs(2))).toBeCloseTo(1 - MULTI_CITY_DISCOUNT_PER_FLIGHT);
    expect(combinationFactor(legs(3))).toBeCloseTo(1 - 2 * MULTI_CITY_DISCOUNT_PER_FLIGHT);
    expect(combinationFactor(legs(4))).toBeCloseTo(1 - 3 * MULTI_CITY_DISCOUNT_PER_FLIGHT);
  });
});
