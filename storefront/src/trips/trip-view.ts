import { isOutAndBack, multiCityRoute, tripKindLabel } from '@contrail/shared/flights/slice-label';
import {
  BOOKING_STATUSES,
  DEFAULT_TRIP_CURRENCY,
  bookingReference,
  type BookingStatus,
  type PendingReason,
} from '@contrail/shared/booking/status';
import {
  bookingDataSchema,
  bookingViewSchema,
  guestBookingSchema,
  type BookingData,
  type BookingPassengerView,
  type BookingView,
  type GuestBooking,
} from '@contrail/shared/booking/view';
import { holdField, type BookingHold, type WithHold } from '@contrail/shared/booking/hold-view';
import { z } from 'zod';

/** A booking as My Trips reads it (GET /api/bookings, /api/bookings/:id, /api/bookings/guest). */
export interface Trip {
  id: string;
  duffelBookingId: string | null;
  reference: string;
  status: BookingStatus;
  createdAt: string;
  /** The engine's word on whether cancelling would be accepted. */
  canCancel: boolean;
  /** While pending: why, when the traveller should know (PENDING_REASON_TEXT). */
  pendingReason: PendingReason | null;
  /** A trip held without paying (issue 36): its deadline and price; null otherwise. */
  hold: BookingHold | null;
  data: Omit<BookingData, 'passengers'> & { passengers: TripPassenger[] };
}

/** A guest booking's travellers come without names (the engine keeps them until it is added). */
export type TripPassenger = Pick<BookingPassengerView, 'id' | 'type'> & Partial<BookingPassengerView>;

/** Seed 001 §3: bookingData may come as a JSON string; it is read the same way once parsed. */
function jsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** The engine's booking answer (`bookingViewSchema`), read as leniently as seed 001 §3 asks: bookingData may be JSON text. */
export const tripAnswerSchema = bookingViewSchema.extend({
  ...holdField,
  bookingData: z.preprocess(
    jsonText,
    // Seed 001 §3: total_currency defaults to USD.
    bookingDataSchema.extend({ total_currency: z.string().min(1).catch(DEFAULT_TRIP_CURRENCY) }),
  ),
});
export const tripListAnswerSchema = z.array(tripAnswerSchema);
export const guestTripListAnswerSchema = z.array(guestBookingSchema);

export function tripOf(view: WithHold<BookingView | GuestBooking>): Trip {
  const status = BOOKING_STATUSES.includes(view.status as BookingStatus) ? (view.status as BookingStatus) : 'pending';
  return {
    id: view.id,
    duffelBookingId: view.duffelBookingId,
    reference: view.duffelBookingId ? bookingReference(view.duffelBookingId) : 'PENDING',
    status,
    createdAt: view.createdAt,
    canCancel: view.canCancel,
    pendingReason: status === 'pending' ? view.pendingReason : null,
    hold: view.hold ?? null,
    data: view.bookingData,
  };
}

/** Seed 001 §4: Cancel only for confirmed bookings whose conditions list cancellation options. */
export function canCancelTrip(trip: Trip): boolean {
  return trip.status === 'confirmed' && trip.data.conditions.cancellation_options.length > 0 && trip.canCancel;
}

export function tripRoute(trip: Trip): string {
  const first = trip.data.slices[0];
  if (!first) return 'Flight';
  if (!isOutAndBack(trip.data.slices)) return multiCityRoute(trip.data.slices);
  return `${first.origin.iata_code} → ${first.destination.iata_code}`;
}

export function tripType(trip: Trip): string {
  return tripKindLabel(trip.data.slices);
}
