import type { FlightAirport, FlightOffer } from '@contrail/shared';
import { utcFromLocal } from '@contrail/shared/reference/local-time';
import { z } from 'zod';

/** An airport as a stored booking shows it (seed 001 §3). */
const placeSchema = z.object({
  iata_code: z.string(),
  city_name: z.string(),
  name: z.string(),
  country_code: z.string(),
});
export type ItineraryPlace = z.infer<typeof placeSchema>;

const segmentSchema = z.object({
  id: z.string(),
  departing_at: z.string(),
  arriving_at: z.string(),
  origin: placeSchema,
  destination: placeSchema,
  duration: z.string().nullable(),
  flight_number: z.string(),
  operating_carrier: z.object({ name: z.string(), iata_code: z.string().nullable(), logo_url: z.string().nullable() }),
});
export type ItinerarySegment = z.infer<typeof segmentSchema>;

const sliceSchema = z.object({
  id: z.string(),
  origin: placeSchema,
  destination: placeSchema,
  departure_time: z.string(),
  arrival_time: z.string(),
  duration: z.string().nullable(),
  segments: z.array(segmentSchema),
});
export type ItinerarySlice = z.infer<typeof sliceSchema>;

const cancellationOptionSchema = z.object({
  type: z.literal('refund_before_departure'),
  penalty_amount: z.string().nullable(),
  penalty_currency: z.string().nullable(),
});
export type CancellationOption = z.infer<typeof cancellationOptionSchema>;

/**
 * What was booked, as BookingStarted records it: the flights, the fare conditions and the price the
 * provider asked. No personal data: the read models are rebuilt from it.
 */
export const itinerarySchema = z.object({
  slices: z.array(sliceSchema),
  conditions: z.object({ refundable: z.boolean(), cancellation_options: z.array(cancellationOptionSchema) }),
  /** The provider's price (what the order pays), in its decimal form. */
  supplied: z.object({ amount: z.string(), currency: z.string() }),
  passengers: z.array(z.object({ id: z.string(), type: z.enum(['adult', 'child', 'infant_without_seat']) })),
});
export type BookingItinerary = z.infer<typeof itinerarySchema>;

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
export function instantOf(local: string | undefined, timeZone: string | undefined): string | null {
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
