/** Booking status values (seed 001 §3) and how My Trips groups them (§4). */
export const BOOKING_STATUSES = ['confirmed', 'pending', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export type TripTab = 'upcoming' | 'past' | 'cancelled';

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

/** Currency shown on trips when a booking carries none. */
export const DEFAULT_TRIP_CURRENCY = 'USD';
