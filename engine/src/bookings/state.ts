import type { BookingEvent, BookingStarted, PassengerRecord, SeatRecord } from './events.js';
import type { Money } from './money.js';

/**
 * Where a booking stands:
 * - none: nothing happened yet; started: in checkout (offer, passengers, seats, payment, order);
 * - failed: it can no longer be confirmed (offer expired, order failed, or payment voided);
 * - confirmed, cancelling, cancelled, completed: after a confirmation.
 */
export type BookingPhase = 'none' | 'started' | 'failed' | 'confirmed' | 'cancelling' | 'cancelled' | 'completed';

export interface PaymentState {
  paymentId: string;
  amount: Money;
  cardLast4: string;
  status: 'authorized' | 'captured' | 'voided';
  refunded: number;
}

export interface BookingState {
  phase: BookingPhase;
  booking: Omit<BookingStarted['data'], 'at'> | null;
  offerExpired: boolean;
  passengers: PassengerRecord[];
  erasedPassengerIds: string[];
  seats: SeatRecord[];
  payment: PaymentState | null;
  declines: number;
  order: { orderId: string; bookingReference: string; cancelled: boolean } | null;
  failure: string | null;
  /** What the provider cancellation said to refund (minor units), once the order is cancelled. */
  cancellationRefund: number | null;
}

export const initialBookingState: BookingState = {
  phase: 'none',
  booking: null,
  offerExpired: false,
  passengers: [],
  erasedPassengerIds: [],
  seats: [],
  payment: null,
  declines: 0,
  order: null,
  failure: null,
  cancellationRefund: null,
};

/** The amount to authorize and capture: the offer's customer price plus the chosen seats. */
export function amountDue(state: BookingState): Money | null {
  if (!state.booking) return null;
  const seats = state.seats.reduce((sum, seat) => sum + seat.price.amount, 0);
  return { amount: state.booking.price.amount + seats, currency: state.booking.price.currency };
}

export function evolve(state: BookingState, event: BookingEvent): BookingState {
  switch (event.type) {
    case 'BookingStarted': {
      const { at: _at, ...booking } = event.data;
      return { ...initialBookingState, phase: 'started', booking };
    }
    case 'OfferVerified':
      return state.booking
        ? { ...state, booking: { ...state.booking, price: event.data.price, offerExpiresAt: event.data.expiresAt } }
        : state;
    case 'OfferExpired':
      return {
        ...state,
        offerExpired: true,
        phase: failIfInCheckout(state),
        failure: state.failure ?? `offer ${event.data.reason}`,
      };
    case 'PassengersProvided':
      return { ...state, passengers: event.data.passengers, seats: [] };
    case 'SeatsSelected':
      return { ...state, seats: event.data.seats };
    case 'PaymentAuthorized':
      return {
        ...state,
        payment: {
          paymentId: event.data.paymentId,
          amount: event.data.amount,
          cardLast4: event.data.cardLast4,
          status: 'authorized',
          refunded: 0,
        },
      };
    case 'PaymentDeclined':
      return { ...state, declines: state.declines + 1 };
    case 'OrderCreated':
      return {
        ...state,
        order: { orderId: event.data.orderId, bookingReference: event.data.bookingReference, cancelled: false },
      };
    case 'OrderFailed':
      return { ...state, phase: failIfInCheckout(state), failure: event.data.reason };
    case 'PaymentCaptured':
      return state.payment ? { ...state, payment: { ...state.payment, status: 'captured' } } : state;
    case 'PaymentVoided':
      return state.payment
        ? {
            ...state,
            payment: { ...state.payment, status: 'voided' },
            phase: failIfInCheckout(state),
            failure: state.failure ?? event.data.reason,
          }
        : state;
    case 'BookingConfirmed':
      return { ...state, phase: 'confirmed' };
    case 'CancellationRequested':
      return { ...state, phase: 'cancelling' };
    case 'CancellationFailed':
      return { ...state, phase: 'confirmed' };
    case 'OrderCancelled':
      return state.order
        ? { ...state, order: { ...state.order, cancelled: true }, cancellationRefund: event.data.refund.amount }
        : state;
    case 'RefundIssued':
      return state.payment
        ? { ...state, payment: { ...state.payment, refunded: state.payment.refunded + event.data.amount.amount } }
        : state;
    case 'BookingCancelled':
      return { ...state, phase: 'cancelled' };
    case 'BookingCompleted':
      return { ...state, phase: 'completed' };
    case 'CustomerAttached':
      return state.booking ? { ...state, booking: { ...state.booking, customerId: event.data.customerId } } : state;
    case 'PassengerDataErased':
      return { ...state, erasedPassengerIds: [...new Set([...state.erasedPassengerIds, ...event.data.passengerIds])] };
  }
}

function failIfInCheckout(state: BookingState): BookingPhase {
  return state.phase === 'started' ? 'failed' : state.phase;
}

export function foldBooking(events: readonly BookingEvent[], from: BookingState = initialBookingState): BookingState {
  return events.reduce(evolve, from);
}
