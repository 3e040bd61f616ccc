import { describe, expect, it } from 'vitest';
import { generateOffers } from './offers.js';
import { readOfferRequest } from './offer-requests.js';
import { encodeSearch, type SandboxSearch } from './request-codec.js';

const NOW = new Date('2026-11-22T07:16:00Z');

function search(origin: string, destination: string): SandboxSearch {
  return readOfferRequest(
    {
      data: {
        slices: [{ origin, destination, departure_date: '2026-12-20' }],
        passengers: [{ type: 'adult' }],
        cabin_class: 'economy',
      },
    },
    NOW,
    'a1b2c3d4',
  );
}

describe('a search from a city with several airports (issue 34)', () => {
  it('accepts the city’s IATA code, as Duffel does, and flies from each of its airports', () => {
    const request = search('NYC', 'LAX');
    const offers = generateOffers(request, encodeSearch(request));
    const origins = new Set(offers.map((offer) => offer.slices[0]!.origin.iata_code));
    expect([...origins].sort()).toEqual(['EWR', 'JFK', 'LGA']);
    expect(offers.every((offer) => offer.slices[0]!.destination.iata_code === 'LAX')).toBe(true);
  });

  it('a city at both ends pairs every airport of each; an airport search stays that airport', () => {
    const request = search('LON', 'PAR');
    const offers = generateOffers(request, encodeSearch(request));
    expect(new Set(offers.map((offer) => offer.slices[0]!.destination.iata_code)).size).toBe(2);
    const one = search('JFK', 'LAX');
    const jfk = generateOffers(one, encodeSearch(one));
    expect(new Set(jfk.map((offer) => offer.slices[0]!.origin.iata_code))).toEqual(new Set(['JFK']));
  });

  it('refuses a code that is neither an airport nor a city', () => {
    expect(() => search('QQQ', 'LAX')).toThrow(/not a known airport: QQQ/);
  });
});
