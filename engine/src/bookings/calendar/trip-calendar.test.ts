import { describe, expect, it } from 'vitest';
import type { ItinerarySlice } from '../domain/itinerary.js';
import { tripCalendar } from './trip-calendar.js';

const place = (iata_code: string, city_name: string, name: string) => ({
  iata_code,
  city_name,
  name,
  country_code: 'US',
});
const slice: ItinerarySlice = {
  id: 'sli_1',
  origin: place('JFK', 'New York', 'John F. Kennedy International Airport'),
  destination: place('LAX', 'Los Angeles', 'Los Angeles International Airport'),
  departure_time: '2026-12-20T18:05:00',
  arrival_time: '2026-12-20T21:10:00',
  duration: 'PT6H5M',
  segments: [
    {
      id: 'seg_1',
      departing_at: '2026-12-20T18:05:00',
      arriving_at: '2026-12-20T21:10:00',
      origin: place('JFK', 'New York', 'John F. Kennedy International Airport'),
      destination: place('LAX', 'Los Angeles', 'Los Angeles International Airport'),
      duration: 'PT6H5M',
      flight_number: 'AA100',
      operating_carrier: { name: 'American Airlines', iata_code: 'AA', logo_url: null },
    },
  ],
};

describe('a trip as an iCalendar file (issue 36)', () => {
  const text = tripCalendar({ bookingId: 'b1', reference: 'ABC12345', brandName: 'Contrail', slices: [slice] });
  const unfolded = text.replace(/\r\n[ \t]/g, '');

  it('has one event per flight, departing at the airport’s local time in its own zone', () => {
    expect(unfolded).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(unfolded).toContain('UID:b1-seg_1@contrail');
    expect(unfolded).toContain('DTSTART;TZID=America/New_York:20261220T180500');
    // Lands 21:10 in Los Angeles = 00:10 the next day in New York: the same instant, in the event's zone.
    expect(unfolded).toContain('DTEND;TZID=America/New_York:20261221T001000');
    expect(unfolded).toContain('SUMMARY:Flight AA100 JFK → LAX');
    expect(unfolded).toContain('Lands 21:10 local time (America/Los_Angeles)');
    expect(unfolded).toContain('Booking reference ABC12345 with Contrail.');
  });

  it('names no traveller', () => {
    expect(unfolded).not.toMatch(/ATTENDEE|ORGANIZER|@example/);
  });
});
