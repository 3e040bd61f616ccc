/** Booking status values (seed 001 §3) and how My Trips groups them (§4). */
export const BOOKING_STATUSES = ['confirmed', 'pending', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export type TripTab = 'upcoming' | 'past' | 'cancelled';

/**
 * Why a pending booking is still pending, when the traveller should know: the airline did not
 * answer the order within its fast retries, and the engine keeps trying until the offer expires.
 */
export const PENDING_REASONS = ['airline-not-answering'] as const;
export type PendingReason = (typeof PENDING_REASONS)[number];

/** What My Trips says of a booking pending for each reason. */
export const PENDING_REASON_TEXT: Record<PendingReason, string> = {
  'airline-not-answering': 'pending: the airline is not answering, your card is only held',
};

export function tripTabOf(status: BookingStatus): TripTab {
  if (status === 'completed') return 'past';
  if (status === 'cancelled') return 'cancelled';
  return 'upcoming';
}

export const BOOKING_REFERENCE_LENGTH = 8;

/** The reference shown to travellers: the first 8 characters of the provider booking id, uppercased. */
export function bookingReference(providerBookingId: string): string {
  return providerBookingId.slice(0, BOOKING_REFERENCE_LENGTH).toUpperCase();
}

/**
 * A reference as travellers type it from a confirmation: the airline record locator (usually 6)
 * or an 8-character reference, letters and digits in any case (issue 20).
 */
export const BOOKING_REFERENCE_PATTERN = /^[A-Z0-9]{5,8}$/;
export const BOOKING_REFERENCE_MESSAGE =
  'Booking reference must be 5 to 8 letters and digits, as shown on your confirmation';
export const BOOKING_REFERENCE_HINT = 'The 5 to 8 letters and digits on your confirmation';

/** Typed text as a reference: spaces dropped, upper case. */
export function normalizeBookingReference(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/** Currency shown on trips when a booking carries none. */
export const DEFAULT_TRIP_CURRENCY = 'USD';
