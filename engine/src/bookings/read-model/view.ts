import { decimalAmount, keptFeesOf, REFUND_TIMING, type BookingRefund } from '@contrail/shared/booking/refund';
import { refundProgressOf, type RefundProgress } from '@contrail/shared/booking/refund-progress';
import type { BookingPassengerView, BookingView } from '@contrail/shared/booking/view';
import type { BookingHold } from '@contrail/shared/booking/hold-view';
import type { BookingPhase } from '../domain/state.js';
import type { OpenedPassenger } from '../pii/passengers.js';
import type { BookingRow, RowRefund, ViewStatus } from './row.js';
import type { BookingPurchase } from '@contrail/shared/booking/after-sale';

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

/**
 * Where a refund stands (issue 36), from the instants its events were recorded at; none when
 * nothing is due, or on rows projected before those instants were kept.
 */
export function rowRefundProgress(refund: RowRefund): RefundProgress | null {
  if (refund.amount.amount === 0 || (!refund.requestedAt && !refund.airlinePaidAt)) return null;
  return refundProgressOf({
    requestedAt: refund.requestedAt ?? null,
    airlinePaidAt: refund.airlinePaidAt ?? null,
    paidAt: refund.paidAt ?? null,
  });
}

function refundView(row: BookingRow): BookingRefund | null {
  const { refund } = row;
  // A quote alone is not shown; once asked for (issue 36), it is tracked as requested.
  if (!refund || (refund.status === 'quoted' && !refund.requestedAt)) return null;
  const { currency } = refund.amount;
  return {
    ...(rowRefundProgress(refund) && { progress: rowRefundProgress(refund)! }),
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
  return withPurchases(shownView(row, now, passengers), row);
}

function shownView(
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
      bags: row.bags.map((bag) => ({
        kind: bag.kind,
        quantity: bag.quantity,
        passenger_ids: bag.passengerIds,
        segment_ids: bag.segmentIds,
        amount: decimalAmount(bag.price.amount, bag.price.currency),
        currency: bag.price.currency,
      })),
      refund: refundView(row),
    },
  };
}

/** The booking view with what was bought after booking (issue 36), which only My Trips' after-sale part reads. */
export function withPurchases<View extends BookingView>(view: View, row: BookingRow): View {
  const purchases: BookingPurchase[] = row.purchases.map(({ purchaseId, kind, amount, bags, seats, at }) => ({
    purchaseId,
    kind,
    amount: decimalAmount(amount.amount, amount.currency),
    currency: amount.currency,
    at,
    bags: bags.map((bag) => ({
      kind: bag.kind,
      quantity: bag.quantity,
      passenger_ids: bag.passengerIds,
      segment_ids: bag.segmentIds,
    })),
    seats: (seats ?? []).map((seat) => ({
      passenger_id: seat.passengerId,
      segment_id: seat.segmentId,
      designator: seat.designator,
    })),
  }));
  const bookingData = { ...view.bookingData, purchases };
  return { ...view, bookingData };
}
