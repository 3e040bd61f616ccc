import { localIso, utcFromLocal } from '@contrail/shared/reference/local-time';
import { airportByIata } from '@contrail/shared/reference/airport-lookup';
import ical from 'ical-generator';
import type { ItinerarySegment, ItinerarySlice } from '../domain/itinerary.js';

/** What a trip's calendar is made of: no personal data, only the flights and the reference. */
export interface CalendarTrip {
  bookingId: string;
  reference: string | null;
  brandName: string;
  slices: readonly ItinerarySlice[];
}

const zoneOf = (iata: string) => airportByIata(iata)?.time_zone ?? 'UTC';

/** A provider time (local to the airport, or an instant with an offset) as an instant, in ms. */
function instantOf(time: string, timeZone: string): number {
  return /(Z|[+-]\d\d:?\d\d)$/.test(time) ? Date.parse(time) : utcFromLocal(time, timeZone);
}

/**
 * One event per flight: it starts at the departure airport's local time in that airport's zone
 * (DTSTART;TZID=...), and ends at the same instant as the landing (written in the departure zone,
 * as an event has one zone); the landing's own local time and zone are in the description.
 */
function flightEvent(segment: ItinerarySegment, trip: CalendarTrip) {
  const from = zoneOf(segment.origin.iata_code);
  const to = zoneOf(segment.destination.iata_code);
  const departs = instantOf(segment.departing_at, from);
  const lands = instantOf(segment.arriving_at, to);
  const route = `${segment.origin.iata_code} → ${segment.destination.iata_code}`;
  return {
    id: `${trip.bookingId}-${segment.id}@contrail`,
    start: localIso(departs, from),
    end: localIso(lands, from),
    timezone: from,
    summary: `Flight ${segment.flight_number} ${route}`,
    location: `${segment.origin.name} (${segment.origin.iata_code}), ${segment.origin.city_name}`,
    description: [
      `${segment.operating_carrier.name} ${segment.flight_number}, ${route}.`,
      `Departs ${localIso(departs, from).slice(11, 16)} local time (${from}) from ${segment.origin.name}.`,
      `Lands ${localIso(lands, to).slice(11, 16)} local time (${to}) at ${segment.destination.name}.`,
      trip.reference ? `Booking reference ${trip.reference} with ${trip.brandName}.` : `Booked with ${trip.brandName}.`,
    ].join('\n'),
  };
}

/** Issue 36: the trip's flights as an iCalendar file (text/calendar). */
export function tripCalendar(trip: CalendarTrip): string {
  const calendar = ical({
    name: `${trip.brandName} trip${trip.reference ? ` ${trip.reference}` : ''}`,
    prodId: '//Contrail//Trip calendar//EN',
  });
  for (const segment of trip.slices.flatMap((slice) => slice.segments))
    calendar.createEvent(flightEvent(segment, trip));
  return calendar.toString();
}
