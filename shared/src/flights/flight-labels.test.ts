import { describe, expect, it } from 'vitest';
import { firstDepartureMs, hasDeparted } from './departure.js';
import {
  dayOffset,
  dayOffsetDescription,
  dayOffsetLabel,
  flightNumberLabel,
  segmentFlightNumber,
} from './flight-labels.js';

describe('flight numbers', () => {
  it('read "B6 2086": carrier code, a space, the number', () => {
    expect(flightNumberLabel('B6', '2086')).toBe('B6 2086');
    expect(flightNumberLabel('ba', '117')).toBe('BA 117');
    expect(flightNumberLabel(null, '117')).toBe('117');
    expect(segmentFlightNumber({ marketing_carrier: { iata_code: 'QF' }, marketing_carrier_flight_number: '1' })).toBe(
      'QF 1',
    );
  });

  it('read a stored "BA117" the same way, and leave other text alone', () => {
    expect(segmentFlightNumber({ flight_number: 'BA117' })).toBe('BA 117');
    expect(segmentFlightNumber({ flight_number: '6E2134' })).toBe('6E 2134');
    expect(segmentFlightNumber({ flight_number: 'B6 2086' })).toBe('B6 2086');
    expect(segmentFlightNumber({ flight_number: 'charter' })).toBe('charter');
    expect(segmentFlightNumber({})).toBe('');
  });
});

describe('later-day markers', () => {
  it('count calendar days between local times as written', () => {
    expect(dayOffset('2026-12-20T22:10:00', '2026-12-21T06:05:00')).toBe(1);
    expect(dayOffset('2026-12-31T23:00:00', '2027-01-02T07:00:00')).toBe(2);
    expect(dayOffset('2026-12-20T08:00:00', '2026-12-20T23:59:00')).toBe(0);
    // Sydney to Los Angeles lands the day before it left.
    expect(dayOffset('2026-12-20T10:00:00', '2026-12-20T06:30:00')).toBe(0);
    expect(dayOffset('2026-12-21T10:00:00', '2026-12-20T06:30:00')).toBe(-1);
    expect(dayOffset('not a date', '2026-12-20T06:30:00')).toBe(0);
  });

  it('read "+1", "+2" or "-1", with words for screen readers', () => {
    expect(dayOffsetLabel(0)).toBe('');
    expect(dayOffsetLabel(1)).toBe('+1');
    expect(dayOffsetLabel(2)).toBe('+2');
    expect(dayOffsetLabel(-1)).toBe('-1');
    expect(dayOffsetDescription(1)).toBe('next day');
    expect(dayOffsetDescription(2)).toBe('2 days later');
    expect(dayOffsetDescription(-1)).toBe('previous day');
  });
});

describe('departed offers', () => {
  const offer = (departing_at: string, time_zone: string | null) => ({
    slices: [{ segments: [{ departing_at, origin: { time_zone } }] }],
  });

  it('have a first flight that left in its own time zone', () => {
    const evening = offer('2026-12-20T18:05:00', 'America/New_York');
    expect(new Date(firstDepartureMs(evening)!).toISOString()).toBe('2026-12-20T23:05:00.000Z');
    expect(hasDeparted(evening, new Date('2026-12-20T23:04:59Z'))).toBe(false);
    expect(hasDeparted(evening, new Date('2026-12-20T23:05:00Z'))).toBe(true);
  });

  it('are never assumed gone when the time or zone cannot be read', () => {
    expect(hasDeparted(offer('garbage', 'Europe/London'), new Date())).toBe(false);
    expect(hasDeparted(offer('2026-12-20T18:05:00', 'Not/AZone'), new Date())).toBe(false);
    expect(hasDeparted(offer('2026-12-20T18:05:00', null), new Date())).toBe(false);
    expect(hasDeparted({ slices: [] }, new Date())).toBe(false);
  });
});
