import {
  bookingRefundSchema,
  bookingSeatSchema,
  type BookingRefund,
  type BookingSeat,
} from '@contrail/shared/booking/refund';
import {
  BOOKING_STATUSES,
  DEFAULT_TRIP_CURRENCY,
  bookingReference,
  type BookingStatus,
} from '@contrail/shared/booking/status';

/** A place, flight and slice of a stored booking (seed 001 §3). */
export interface TripPlace {
  iata_code?: string;
  city_name?: string;
  name?: string;
}
export interface TripSegment {
  id?: string;
  departing_at?: string;
  arriving_at?: string;
  origin?: TripPlace;
  destination?: TripPlace;
  flight_number?: string;
  operating_carrier?: { name?: string };
}
export interface TripSlice {
  origin?: TripPlace;
  destination?: TripPlace;
  departure_time?: string;
  arrival_time?: string;
  duration?: string | null;
  segments?: TripSegment[];
}
export interface TripPassenger {
  id?: string;
  given_name?: string;
  family_name?: string;
  type?: string;
}
export interface CancellationOption {
  type?: string;
  penalty_amount?: string | null;
  penalty_currency?: string | null;
}
export interface TripData {
  slices: TripSlice[];
  passengers: TripPassenger[];
  conditions: { refundable?: boolean; cancellation_options: CancellationOption[] };
  total_amount: string | null;
  total_currency: string;
  card_last4?: string | null;
  /** Seats bought per passenger and flight (issue 20 item 4). */
  seats: BookingSeat[];
  /** What a cancellation refunds, once the airline cancelled. */
  refund: BookingRefund | null;
}

/** A booking as My Trips reads it (GET /api/bookings, /api/bookings/:id). */
export interface Trip {
  id: string;
  duffelBookingId: string | null;
  reference: string;
  status: BookingStatus;
  createdAt: string | null;
  /** The engine's word on whether cancelling would be accepted, when it says. */
  canCancel: boolean | undefined;
  data: TripData;
}

const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const asArray = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** Seed 001 §3: bookingData may be a JSON string; one that does not parse is logged and used as it is. */
function bookingDataOf(raw: unknown): Record<string, unknown> {
  if (typeof raw === 'string') {
    try {
      return asObject(JSON.parse(raw));
    } catch (error) {
      console.warn('Could not parse booking data', error);
      return {};
    }
  }
  return asObject(raw);
}

export function tripOf(raw: unknown): Trip {
  const body = asObject(raw);
  const data = bookingDataOf(body.bookingData);
  const conditions = asObject(data.conditions);
  const status = BOOKING_STATUSES.includes(body.status as BookingStatus) ? (body.status as BookingStatus) : 'pending';
  const providerId = typeof body.duffelBookingId === 'string' ? body.duffelBookingId : null;
  return {
    id: String(body.id ?? ''),
    duffelBookingId: providerId,
    reference: providerId ? bookingReference(providerId) : 'PENDING',
    status,
    createdAt: typeof body.createdAt === 'string' ? body.createdAt : null,
    canCancel: typeof body.canCancel === 'boolean' ? body.canCancel : undefined,
    data: {
      slices: asArray<TripSlice>(data.slices),
      passengers: asArray<TripPassenger>(data.passengers),
      conditions: {
        ...(typeof conditions.refundable === 'boolean' && { refundable: conditions.refundable }),
        cancellation_options: asArray<CancellationOption>(conditions.cancellation_options),
      },
      total_amount:
        typeof data.total_amount === 'string' || typeof data.total_amount === 'number'
          ? String(data.total_amount)
          : null,
      total_currency:
        typeof data.total_currency === 'string' && data.total_currency ? data.total_currency : DEFAULT_TRIP_CURRENCY,
      card_last4: typeof data.card_last4 === 'string' ? data.card_last4 : null,
      seats: asArray<unknown>(data.seats).flatMap((seat) => {
        const parsed = bookingSeatSchema.safeParse(seat);
        return parsed.success ? [parsed.data] : [];
      }),
      refund: bookingRefundSchema.safeParse(data.refund).data ?? null,
    },
  };
}

/** Seed 001 §4: Cancel only for confirmed bookings whose conditions list cancellation options. */
export function canCancelTrip(trip: Trip): boolean {
  return (
    trip.status === 'confirmed' && trip.data.conditions.cancellation_options.length > 0 && trip.canCancel !== false
  );
}

export function tripRoute(trip: Trip): string {
  const first = trip.data.slices[0];
  if (!first) return 'Flight';
  return `${first.origin?.iata_code ?? '?'} → ${first.destination?.iata_code ?? '?'}`;
}

export function tripType(trip: Trip): string {
  return trip.data.slices.length > 1 ? 'Round Trip' : 'One Way';
}
