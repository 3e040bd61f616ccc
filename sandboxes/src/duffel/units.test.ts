import { describe, expect, it } from 'vitest';
import { decodeSearch, encodeSearch, offerId, parseOfferId } from './request-codec.js';
import { distanceKm } from './geo.js';

describe('request ids', () => {
  it('carry the search, so any instance can regenerate its offers', () => {
    const search = {
      createdAtMs: Date.parse('2026-11-22T12:00:00Z'),
      nonce: 'a1b2c3d4',
      cabin: 'business' as const,
      maxConnections: 2,
      passengers: ['adult' as const, 8, 1],
      slices: [
        { origin: 'JFK', destination: 'LHR', departureDate: '2026-12-20' },
        { origin: 'LHR', destination: 'JFK', departureDate: '2026-12-27' },
      ],
    };
    const encoded = encodeSearch(search);
    expect(decodeSearch(encoded)).toEqual(search);
    expect(parseOfferId(offerId(encoded, 42))).toEqual({ encoded, index: 42 });
    expect(offerId(encoded, 199).length).toBeLessThanOrEqual(200);
    expect(decodeSearch('not-a-search-at-all')).toBeUndefined();
  });
});

describe('great-circle distance', () => {
  it('matches the published JFK-LHR distance', () => {
    expect(
      distanceKm({ latitude: 40.6398, longitude: -73.7789 }, { latitude: 51.4706, longitude: -0.4619 }),
    ).toBeCloseTo(5540, -1);
  });
});
