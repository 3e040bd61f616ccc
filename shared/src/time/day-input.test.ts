import { describe, expect, it } from 'vitest';
import { dayBound } from './day-input.js';

// 00:30 on 15 November in Paris is still the 14th in UTC: "today" must be Paris's day.
const paris = { now: new Date('2026-11-14T23:30:00Z'), timeZone: 'Europe/Paris' };
const utc = { now: new Date('2026-11-14T23:30:00Z'), timeZone: 'UTC' };
const iso = (input: string, bound: 'start' | 'end', context = paris) => dayBound(input, bound, context)?.toISOString();

describe('dayBound', () => {
  it('reads today and yesterday in the given zone, any case', () => {
    expect(iso('today', 'start')).toBe('2026-11-14T23:00:00.000Z');
    expect(iso('Today', 'end')).toBe('2026-11-15T22:59:59.999Z');
    expect(iso('YESTERDAY', 'start')).toBe('2026-11-13T23:00:00.000Z');
    expect(iso('today', 'start', utc)).toBe('2026-11-14T00:00:00.000Z');
  });

  it('includes the whole named day at the end of a range', () => {
    expect(iso('2026-11-01', 'start', utc)).toBe('2026-11-01T00:00:00.000Z');
    expect(iso('2026-11-01', 'end', utc)).toBe('2026-11-01T23:59:59.999Z');
  });

  it('reads day/month/year forms and month names', () => {
    for (const input of ['1/11/2026', '01/11/2026', '1.11.2026', '1-11-2026', '1 Nov 2026', '1 november 2026'])
      expect(iso(input, 'start', utc), input).toBe('2026-11-01T00:00:00.000Z');
  });

  it('follows daylight saving: the day of the change is 25 hours long in Paris', () => {
    expect(iso('2026-10-25', 'start')).toBe('2026-10-24T22:00:00.000Z');
    expect(iso('2026-10-25', 'end')).toBe('2026-10-25T22:59:59.999Z');
    expect(iso('2026-03-29', 'end')).toBe('2026-03-29T21:59:59.999Z');
  });

  it('takes an exact ISO date-time as it is', () => {
    expect(iso('2026-11-01T10:15:00+02:00', 'end')).toBe('2026-11-01T08:15:00.000Z');
    expect(iso('2026-11-01T10:15:00Z', 'start')).toBe('2026-11-01T10:15:00.000Z');
  });

  it('names no day for what is not one', () => {
    for (const input of [
      '',
      'tomorrow-ish',
      '2026-02-30',
      '31/4/2026',
      '13/13/2026',
      '1 Foo 2026',
      '2026-11-01T25:00Z',
    ])
      expect(dayBound(input, 'start', paris), input).toBeUndefined();
  });
});
