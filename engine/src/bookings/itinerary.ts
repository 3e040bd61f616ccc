import type { FlightAirport, FlightOffer } from '@contrail/shared';
// A pure time-zone helper; it happens to live with the sandbox that also needs it.
import { utcFromLocal } from '../sandbox/duffel/local-time.js';

/** An airport as a stored booking shows it (seed 001 §3). */
export interface ItineraryPlace {
  iata_code: string;
  city_name: string;
  name: string;
  country_code: string;
}

export interface ItinerarySegment {
  id: string;
  departing_at: string;
  arriving_at: string;
  origin: ItineraryPlace;
  destination: ItineraryPlace;
  duration: string | null;
  flight_number: string;
  operating_carrier: { name: string; iata_code: string | null; logo_url: string | null };
}

export interface ItinerarySlice {
  id: string;
  origin: ItineraryPlace;
  destination: ItineraryPlace;
  departure_time: string;
  arrival_time: string;
  duration: string | null;
  segments: ItinerarySegment[];
}

export interface CancellationOption {
  type: 'refund_before_departure';
  penalty_amount: string | null;
  penalty_currency: string | null;
}

/**
 * What was booked, as BookingStarted records it: the flights, the fare conditions and the price the
 * provider asked. No personal data: the read models are rebuilt from it.
 */
export interface BookingItinerary {
  slices: ItinerarySlice[];
  conditions: { refundable: boolean; cancellation_options: CancellationOption[] };
  /** The provider's price (what the order pays), in its decimal form. */
  supplied: { amount: string; currency: string };
  passengers: Array<{ id: string; type: 'adult' | 'child' | 'infant_without_seat' }>;
}

const place = (airport: FlightAirport): ItineraryPlace => ({
  iata_code: airport.iata_code,
  city_name: airport.city_name,
  name: airport.name,
  country_code: airport.country_code ?? airport.iata_country_code,
});

/** A passenger type from the offer: an age under 2 is a lap infant, under 12 a child. */
function passengerType(passenger: FlightOffer['passengers'][number]): 'adult' | 'child' | 'infant_without_seat' {
  if (passenger.type) return passenger.type;
  if (passenger.age !== null && passenger.age < 2) return 'infant_without_seat';
  if (passenger.age !== null && passenger.age < 12) return 'child';
  return 'adult';
}

export function itineraryOf(offer: FlightOffer): BookingItinerary {
  const refund = offer.conditions?.refund_before_departure ?? null;
  return {
    slices: offer.slices.map((slice) => ({
      id: slice.id,
      origin: place(slice.origin),
      destination: place(slice.destination),
      departure_time: slice.segments[0]?.departing_at ?? slice.departure_time,
      arrival_time: slice.segments.at(-1)?.arriving_at ?? slice.arrival_time,
      duration: slice.duration,
      segments: slice.segments.map((segment) => ({
        id: segment.id,
        departing_at: segment.departing_at,
        arriving_at: segment.arriving_at,
        origin: place(segment.origin),
        destination: place(segment.destination),
        duration: segment.duration,
        flight_number: segment.flight_number,
        operating_carrier: {
          name: segment.operating_carrier.name,
          iata_code: segment.operating_carrier.iata_code,
          logo_url: segment.operating_carrier.logo_url,
        },
      })),
    })),
    conditions: {
      refundable: refund?.allowed === true,
      cancellation_options: refund?.allowed
        ? [
            {
              type: 'refund_before_departure',
              penalty_amount: refund.penalty_amount,
              penalty_currency: refund.penalty_currency,
            },
          ]
        : [],
    },
    supplied: { amount: offer.total_amount, currency: offer.total_currency },
    passengers: offer.passengers.map((passenger) => ({ id: passenger.id, type: passengerType(passenger) })),
  };
}

/** A provider time: local to the airport ("2026-12-20T18:05:00"), or already an instant with an offset. */
function instantOf(local: string | undefined, timeZone: string | undefined): string | null {
  if (!local) return null;
  if (/(Z|[+-]\d\d:?\d\d)$/.test(local)) return new Date(local).toISOString();
  return new Date(utcFromLocal(local, timeZone ?? 'UTC')).toISOString();
}

/** When the first flight leaves and the last one lands (UTC instants), for cancellation and completion. */
export function tripTimesOf(offer: FlightOffer): { departsAt: string | null; arrivesAt: string | null } {
  const segments = offer.slices.flatMap((slice) => slice.segments);
  const first = segments[0];
  const last = segments.at(-1);
  return {
    departsAt: instantOf(first?.departing_at, first?.origin.time_zone),
    arrivesAt: instantOf(last?.arriving_at, last?.destination.time_zone),
  };
}
