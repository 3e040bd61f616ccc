import { describe, expect, it } from 'vitest';
import { isoDuration, localIso, utcFromLocal } from './local-time.js';
import { decodeSearch, encodeSearch, offerId, parseOfferId } from './request-codec.js';
import { distanceKm } from './geo.js';

describe('local airport times', () => {
  it('converts across daylight-saving changes', () => {
    // New York: EST (UTC-5) in December, EDT (UTC-4) in July.
    expect(new Date(utcFromLocal('2026-12-20T18:05', 'America/New_York')).toISOString()).toBe(
      '2026-12-20T23:05:00.000Z',
    );
    expect(new Date(utcFromLocal('2026-07-01T18:05:00', 'America/New_York')).toISOString()).toBe(
      '2026-07-01T22:05:00.000Z',
    );
    expect(localIso(Date.parse('2026-12-20T23:05:00Z'), 'Asia/Kolkata')).toBe('2026-12-21T04:35:00');
    // London moves to BST at 01:00 UTC on 29 March 2026.
    expect(localIso(Date.parse('2026-03-29T00:59:00Z'), 'Europe/London')).toBe('2026-03-29T00:59:00');
    expect(localIso(Date.parse('2026-03-29T01:00:00Z'), 'Europe/London')).toBe('2026-03-29T02:00:00');
  });

  it('writes ISO 8601 durations', () => {
    expect(isoDuration(425)).toBe('PT7H5M');
    expect(isoDuration(120)).toBe('PT2H');
    expect(isoDuration(45)).toBe('PT45M');
    expect(isoDuration(1500)).toBe('P1DT1H');
  });
});

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
