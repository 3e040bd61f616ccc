import type { BookingFailureCode } from '@contrail/shared/booking/failure';
import { bookingReference, type BookingStatus, type PendingReason } from '@contrail/shared/booking/status';
import type {
  BagRecord,
  BookingEvent,
  BookingEventOf,
  BookingEventType,
  PassengerRecord,
  SeatRecord,
} from '../domain/events.js';
import type { BookingItinerary } from '../domain/itinerary.js';
import type { Money } from '@contrail/shared/booking/money';
import { holdRowChange, holdRowEvents, type RowHold } from './hold-row.js';

/**
 * The refund of a cancellation: `quoted` while only a quote exists (not shown), `pending` once the
 * airline cancelled the order, `issued` once the card is refunded. Amounts in minor units.
 */
export interface RowRefund {
  quoteId: string | null;
  amount: Money;
  airlineFee: number;
  serviceFee: number;
  status: 'quoted' | 'pending' | 'issued';
  /** Issue 36: when the cancellation was asked, the airline paid (cancelled the order), the card was refunded. */
  requestedAt?: string;
  airlinePaidAt?: string;
  paidAt?: string;
}

/** A change or bags bought after booking, as the airline confirmed it (amount in minor units). */
export type RowPurchase = Pick<
  BookingEventOf<'PurchaseConfirmed'>['data'],
  'purchaseId' | 'kind' | 'amount' | 'bags' | 'seats' | 'at'
>;

/** Booking status as travellers see it (seed 001 §3), plus `failed` for checkouts that never became a booking. */
export type ViewStatus = BookingStatus | 'failed';

/**
 * One row of the bookings read model: what the lists filter on and what the API shows, nothing
 * of the decider's own state. Passengers stay sealed; they are opened when a row is presented.
 */
export interface BookingRow {
  bookingId: string;
  brandKey: string;
  customerId: string | null;
  status: ViewStatus;
  /** Why a checkout is still pending, when the traveller should know; null otherwise. */
  pendingReason: PendingReason | null;
  offerId: string;
  /** The provider's booking reference (the airline record locator) and its shown form. */
  providerReference: string | null;
  reference: string | null;
  orderId: string | null;
  paymentId: string | null;
  paymentStatus: 'authorized' | 'captured' | 'voided' | null;
  cardLast4: string | null;
  /** What was paid, or the price while nothing is. */
  total: Money;
  cancellable: boolean;
  departsAt: string | null;
  arrivesAt: string | null;
  failure: string | null;
  /** What the traveller is told of the failure (null when recorded without a code). */
  failureCode: BookingFailureCode | null;
  confirmedAt: string | null;
  itinerary: Pick<BookingItinerary, 'slices' | 'conditions'> | null;
  passengers: PassengerRecord[];
  seats: SeatRecord[];
  /** Bags bought with the booking (issue 35), as BagsSelected recorded them. */
  bags: BagRecord[];
  refund: RowRefund | null;
  /** Changes and bags bought after booking, once the airline confirmed them (issue 36). */
  purchases: RowPurchase[];
  hold: RowHold | null;
  createdAt: string;
  updatedAt: string;
}

/** The events that change a row; the others (declines, seats, erasure...) leave it as it is. */
export const bookingRowEvents = [
  'BookingStarted',
  'OfferVerified',
  'OfferExpired',
  'PassengersProvided',
  'SeatsSelected',
  'BagsSelected',
  'PaymentAuthorized',
  'OrderCreated',
  'OrderFailed',
  'OrderDelayed',
  'PaymentCaptured',
  'PaymentVoided',
  'BookingConfirmed',
  'TripRescheduled',
  'CancellationQuoted',
  'CancellationRequested',
  'CancellationFailed',
  'OrderCancelled',
  'RefundIssued',
  'BookingCancelled',
  'BookingCompleted',
  'CustomerAttached',
  'PurchaseConfirmed',
  ...holdRowEvents,
] as const satisfies readonly BookingEventType[];

/** A checkout that fails becomes a failed row; after a confirmation these events do not come. */
const failedInCheckout = (row: BookingRow, failure: string, failureCode: BookingFailureCode | null): BookingRow =>
  row.status === 'pending' && row.confirmedAt === null
    ? { ...row, status: 'failed', failure, failureCode, pendingReason: null }
    : row;

/** The row after one event at `at` (its time): a row is created by BookingStarted, changed by the rest. */
export function evolveBookingRow(row: BookingRow | null, event: BookingEvent, at: string): BookingRow | null {
  if (event.type === 'BookingStarted') {
    if (row) return row;
    const data = event.data;
    return {
      bookingId: data.bookingId,
      brandKey: data.brandKey,
      customerId: data.customerId,
      status: 'pending',
      pendingReason: null,
      offerId: data.offerId,
      providerReference: null,
      reference: null,
      orderId: null,
      paymentId: null,
      paymentStatus: null,
      cardLast4: null,
      total: data.price,
      cancellable: data.cancellable,
      departsAt: data.departsAt,
      arrivesAt: data.arrivesAt,
      failure: null,
      failureCode: null,
      confirmedAt: null,
      itinerary: data.itinerary ? { slices: data.itinerary.slices, conditions: data.itinerary.conditions } : null,
      passengers: [],
      seats: [],
      bags: [],
      refund: null,
      purchases: [],
      hold: null,
      createdAt: at,
      updatedAt: at,
    };
  }
  if (!row) return null;
  const changed = changeOf(row, event, at);
  return changed === row ? row : { ...changed, updatedAt: at };
}

function changeOf(row: BookingRow, event: BookingEvent, at: string): BookingRow {
  switch (event.type) {
    case 'OfferVerified':
      return row.paymentId ? row : { ...row, total: event.data.price };
    case 'OfferExpired':
      return failedInCheckout(row, `offer ${event.data.reason}`, 'OFFER_EXPIRED');
    case 'PassengersProvided':
      return { ...row, passengers: event.data.passengers, seats: [] };
    case 'SeatsSelected':
      return { ...row, seats: event.data.seats };
    case 'BagsSelected':
      return { ...row, bags: event.data.bags };
    case 'PaymentAuthorized':
      return {
        ...row,
        paymentId: event.data.paymentId,
        paymentStatus: 'authorized',
        cardLast4: event.data.cardLast4,
        total: event.data.amount,
      };
    case 'OrderCreated':
      return withOrder(row, event.data.orderId, event.data.bookingReference);
    case 'OrderFailed':
      return failedInCheckout(row, event.data.reason, event.data.failureCode);
    case 'OrderDelayed':
      return row.status === 'pending' && row.orderId === null
        ? { ...row, pendingReason: 'airline-not-answering' }
        : row;
    case 'PaymentCaptured':
      return { ...row, paymentStatus: 'captured' };
    case 'PaymentVoided':
      // A held trip's card given back leaves the trip held (issue 36); a checkout's fails it.
      return row.hold
        ? holdRowChange({ ...row, paymentStatus: 'voided' }, event)
        : failedInCheckout({ ...row, paymentStatus: 'voided' }, event.data.reason, null);
    case 'BookingConfirmed':
      return {
        ...withOrder(row, event.data.orderId, event.data.bookingReference),
        status: 'confirmed',
        confirmedAt: at,
      };
    case 'TripRescheduled':
      return { ...row, departsAt: event.data.departsAt, arrivesAt: event.data.arrivesAt };
    // A cancellation under way shows as pending, as in checkout (seed 001 §4: pending is upcoming).
    case 'CancellationQuoted': {
      const { quoteId, refund, airlineFee, serviceFee } = event.data;
      return { ...row, refund: { quoteId, amount: refund, airlineFee, serviceFee, status: 'quoted' } };
    }
    case 'CancellationRequested': {
      const quoted = row.refund !== null && row.refund.quoteId === (event.data.quoteId ?? null);
      return { ...row, status: 'pending', refund: quoted ? { ...row.refund!, requestedAt: event.data.at } : null };
    }
    case 'CancellationFailed':
      return { ...row, status: 'confirmed', refund: null };
    case 'OrderCancelled': {
      const fees = row.refund ?? { quoteId: null, airlineFee: 0, serviceFee: 0 };
      const refund = { ...fees, amount: event.data.refund, airlinePaidAt: event.data.at };
      return { ...row, refund: { ...refund, status: 'pending' } };
    }
    case 'RefundIssued':
      return row.refund ? { ...row, refund: { ...row.refund, status: 'issued', paidAt: event.data.at } } : row;
    case 'BookingCancelled':
      return { ...row, status: 'cancelled' };
    case 'BookingCompleted':
      return { ...row, status: 'completed' };
    case 'CustomerAttached':
      return { ...row, customerId: event.data.customerId };
    case 'PurchaseConfirmed':
      return withPurchase(row, event.data);
    default:
      return holdRowChange(row, event);
  }
}

/** A confirmed change moves the row to its flights; bags are listed with the purchase. */
function withPurchase(row: BookingRow, data: BookingEventOf<'PurchaseConfirmed'>['data']): BookingRow {
  if (row.purchases.some((purchase) => purchase.purchaseId === data.purchaseId)) return row;
  const { purchaseId, kind, amount, bags, change, at } = data;
  const seats = data.seats ?? [];
  const purchases = [...row.purchases, { purchaseId, kind, amount, bags, seats, at }];
  if (!change) return { ...row, purchases, seats: withSeats(row.seats, seats) };
  const itinerary = row.itinerary ? { ...row.itinerary, slices: change.slices } : null;
  return { ...row, purchases, itinerary, departsAt: change.departsAt, arrivesAt: change.arrivesAt };
}

/** The booking's seats with those bought after booking: a passenger's new seat on a flight replaces the old. */
function withSeats(seats: BookingRow['seats'], bought: BookingRow['seats']): BookingRow['seats'] {
  const replaced = new Set(bought.map((seat) => `${seat.segmentId}:${seat.passengerId}`));
  return [...seats.filter((seat) => !replaced.has(`${seat.segmentId}:${seat.passengerId}`)), ...bought];
}

export function withOrder(row: BookingRow, orderId: string, providerReference: string): BookingRow {
  return { ...row, orderId, providerReference, reference: bookingReference(providerReference), pendingReason: null };
}

/** Folds a booking's events into its row: the projection does the same one event at a time. */
export function bookingRowOf(events: ReadonlyArray<{ event: BookingEvent; at: string }>): BookingRow | null {
  const applied = new Set<string>(bookingRowEvents);
  return events.reduce<BookingRow | null>(
    (row, { event, at }) => (applied.has(event.type) ? evolveBookingRow(row, event, at) : row),
    null,
  );
}
