import { currencyDecimals, fromMinorUnits } from '@contrail/shared/booking/money';
import { bookingReference, type BookingStatus } from '@contrail/shared/booking/status';
import type { OpenedPassenger } from '../passengers.js';
import type { BookingPhase, BookingState } from '../state.js';

/** Booking status as travellers see it (seed 001 §3), plus `failed` for checkouts that never became a booking. */
export type ViewStatus = BookingStatus | 'failed';

export function statusOf(phase: BookingPhase): ViewStatus {
  switch (phase) {
    case 'confirmed':
      return 'confirmed';
    case 'cancelled':
      return 'cancelled';
    case 'completed':
      return 'completed';
    case 'failed':
      return 'failed';
    default:
      // In checkout, or while a cancellation is under way.
      return 'pending';
  }
}

export interface BookingPassengerView {
  id: string;
  type: string;
  given_name: string;
  family_name: string;
}

/** The stored booking of seed 001 §3 as GET /api/bookings answers it. */
export interface BookingView {
  id: string;
  duffelBookingId: string | null;
  reference: string | null;
  status: ViewStatus;
  createdAt: string;
  updatedAt: string;
  /** Confirmed, cancellable by its fare conditions and not departed: POST .../cancel would be accepted. */
  canCancel: boolean;
  bookingData: {
    id: string;
    booking_reference: string | null;
    slices: unknown[];
    passengers: BookingPassengerView[];
    conditions: { refundable: boolean; cancellation_options: unknown[] };
    total_amount: string;
    total_currency: string;
    card_last4: string | null;
  };
}

const ERASED = '[erased]';

/** "553.50" for 55350 USD. */
export function decimalAmount(minor: number, currency: string): string {
  return fromMinorUnits(minor, currency).toFixed(currencyDecimals(currency));
}

export function passengerViews(opened: readonly OpenedPassenger[]): BookingPassengerView[] {
  return opened.map((passenger) => ({
    id: passenger.passengerId,
    type: passenger.type,
    given_name: passenger.pii?.firstName ?? ERASED,
    family_name: passenger.pii?.lastName ?? ERASED,
  }));
}

export function bookingViewOf(
  state: BookingState,
  times: { createdAt: string; updatedAt: string; now: Date },
  passengers: BookingPassengerView[],
): BookingView {
  const booking = state.booking!;
  // The provider's booking reference (the airline's record locator) is what the seed calls the
  // provider booking id: the first 8 characters of an order id ("ord_0000...") would not tell
  // bookings apart.
  const providerBookingId = state.order?.bookingReference ?? null;
  const reference = providerBookingId ? bookingReference(providerBookingId) : null;
  const itinerary = booking.itinerary;
  const total = state.payment?.amount ?? booking.price;
  const departed = booking.departsAt !== null && Date.parse(booking.departsAt) <= times.now.getTime();
  return {
    id: booking.bookingId,
    duffelBookingId: providerBookingId,
    reference,
    status: statusOf(state.phase),
    createdAt: times.createdAt,
    updatedAt: times.updatedAt,
    canCancel: state.phase === 'confirmed' && booking.cancellable && !departed,
    bookingData: {
      id: booking.bookingId,
      booking_reference: reference,
      slices: itinerary?.slices ?? [],
      passengers,
      conditions: itinerary?.conditions ?? { refundable: booking.cancellable, cancellation_options: [] },
      total_amount: decimalAmount(total.amount, total.currency),
      total_currency: total.currency,
      card_last4: state.payment?.cardLast4 ?? null,
    },
  };
}
