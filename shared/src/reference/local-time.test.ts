import { describe, expect, it } from 'vitest';
import { isoDuration, localIso, utcFromLocal, zoneOffsetMs } from './local-time.js';

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

  it('knows the offset of every hour of a year, on days the clocks change too', () => {
    const offsetOf = (utcMs: number, timeZone: string) => {
      const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
        .formatToParts(utcMs)
        .find((part) => part.type === 'timeZoneName')!.value;
      const [, sign, hours, minutes] = /GMT(?:([+-])(\d{2}):(\d{2}))?/.exec(name)!;
      return sign ? (sign === '-' ? -1 : 1) * (Number(hours) * 3_600_000 + Number(minutes) * 60_000) : 0;
    };
    const zones = ['Europe/London', 'America/New_York', 'America/Santiago', 'Asia/Kathmandu'];
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (const zone of zones) {
      // Every fifth hour: each hour of the day, on every day of the year in turn.
      for (let hour = 0; hour < 366 * 24; hour += 5) {
        const at = start + hour * 3_600_000 + 59 * 60_000;
        expect(zoneOffsetMs(at, zone), `${zone} ${new Date(at).toISOString()}`).toBe(offsetOf(at, zone));
      }
    }
  });

  it('writes ISO 8601 durations', () => {
    expect(isoDuration(425)).toBe('PT7H5M');
    expect(isoDuration(120)).toBe('PT2H');
    expect(isoDuration(45)).toBe('PT45M');
    expect(isoDuration(1500)).toBe('P1DT1H');
  });
});
