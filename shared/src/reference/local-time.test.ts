import { describe, expect, it } from 'vitest';
import { isoDuration, localIso, utcFromLocal } from './local-time.js';

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
