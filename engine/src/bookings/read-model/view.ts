import { decimalAmount, keptFeesOf, REFUND_TIMING, type BookingRefund } from '@contrail/shared/booking/refund';
import type { BookingPassengerView, BookingView } from '@contrail/shared/booking/view';
import type { BookingHold } from '@contrail/shared/booking/hold-view';
import type { BookingPhase } from '../domain/state.js';
import type { OpenedPassenger } from '../pii/passengers.js';
import type { BookingRow, ViewStatus } from './row.js';

export type { BookingPassengerView, BookingView, ViewStatus };

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

const ERASED = '[erased]';

export { decimalAmount };

function refundView(row: BookingRow): BookingRefund | null {
  const { refund } = row;
  if (!refund || refund.status === 'quoted') return null;
  const { currency } = refund.amount;
  return {
    amount: decimalAmount(refund.amount.amount, currency),
    currency,
    status: refund.status === 'issued' || refund.amount.amount === 0 ? 'issued' : 'pending',
    cardLast4: row.cardLast4,
    kept: keptFeesOf(refund, currency),
    timing: REFUND_TIMING,
  };
}

/** A held trip's hold while it is held or once it ran out; null once paid or when never held (issue 36). */
function holdView(row: BookingRow): BookingHold | null {
  const { hold } = row;
  if (
    !hold ||
    row.status === 'confirmed' ||
    row.status === 'completed' ||
    (row.status === 'cancelled' && hold.state !== 'expired')
  )
    return null;
  const { state, paymentRequiredBy, priceGuaranteeExpiresAt, price, priceChanged } = hold;
  const amount = decimalAmount(price.amount, price.currency);
  return { state, paymentRequiredBy, priceGuaranteeExpiresAt, amount, currency: price.currency, priceChanged };
}

export function passengerViews(opened: readonly OpenedPassenger[]): BookingPassengerView[] {
  return opened.map((passenger) => ({
    id: passenger.passengerId,
    type: passenger.type,
    given_name: passenger.pii?.firstName ?? ERASED,
    family_name: passenger.pii?.lastName ?? ERASED,
  }));
}

/** A read-model row as the API answers it (seed 001 §3's stored booking, `bookingViewSchema`), passengers opened by the caller. */
export function bookingViewOf(
  row: BookingRow,
  now: Date,
  passengers: BookingPassengerView[],
): BookingView & { hold: BookingHold | null } {
  const departed = row.departsAt !== null && Date.parse(row.departsAt) <= now.getTime();
  return {
    id: row.bookingId,
    // The provider's booking reference (the airline's record locator) is what the seed calls the
    // provider booking id: the first 8 characters of an order id ("ord_0000...") would not tell
    // bookings apart.
    duffelBookingId: row.providerReference,
    reference: row.reference,
    status: row.status,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    canCancel: row.status === 'confirmed' && row.cancellable && !departed,
    pendingReason: row.status === 'pending' ? row.pendingReason : null,
    failureCode: row.failureCode,
    hold: holdView(row),
    bookingData: {
      id: row.bookingId,
      booking_reference: row.reference,
      slices: row.itinerary?.slices ?? [],
      passengers,
      conditions: row.itinerary?.conditions ?? { refundable: row.cancellable, cancellation_options: [] },
      total_amount: decimalAmount(row.total.amount, row.total.currency),
      total_currency: row.total.currency,
      card_last4: row.cardLast4,
      seats: row.seats.map((seat) => ({
        passenger_id: seat.passengerId,
        segment_id: seat.segmentId,
        designator: seat.designator,
      })),
      refund: refundView(row),
    },
  };
}
