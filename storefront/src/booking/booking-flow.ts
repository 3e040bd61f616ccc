import { RATE_LIMITED } from '@contrail/shared/booking/card-attempts';
import { PAYMENT_ERROR } from '@contrail/shared/booking/refusal-codes';
import type { PassengerType } from '@contrail/shared/booking/passenger';
import type { FlightOffer } from '@contrail/shared/flights/offer';

export { offerPrice, type OfferPrice } from '@contrail/shared/booking/offer-price';

/** Seed 001 §2: the four steps, in order, and the indicator's labels. */
export const BOOKING_STEPS = ['passenger-info', 'seat-selection', 'payment', 'confirmation'] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];
export const STEP_LABELS: Record<BookingStep, string> = {
  'passenger-info': 'Passenger Details',
  'seat-selection': 'Seat Selection',
  payment: 'Payment',
  confirmation: 'Confirmation',
};

/** Seed 001 §9 constants. */
export const PASSENGER_RECHECK_MS = 30_000;
export const PAYMENT_RECHECK_MS = 15_000;
export const EXPIRY_WARNING_MINUTES = 5;
export const EXPIRED_REDIRECT_MS = 4_000;
export const BEFORE_BOOKING_MS = 500;
/**
 * How many times the payment step sends POST /api/bookings while it answers "pending" (each ask
 * waits up to the engine's order wait, 20 s): the same Idempotency-Key, so never a second booking.
 */
export const PENDING_ASKS = 3;

/** Seed 001 §4 and §8 messages of the flow. */
export const FLOW_MESSAGES = {
  verifyFailed: 'Unable to verify offer validity. Please try again.',
  expiredTitle: 'Flight Offer Expired',
  expired: 'This flight offer has expired. Please return to search and select another flight.',
  expiringTitle: 'Offer Expiring Soon',
  /** Minutes, and seconds in the last minute (issue 20: never "in 0 minutes"). */
  expiring: (msLeft: number) => {
    const seconds = Math.max(0, Math.ceil(msLeft / 1000));
    if (seconds < 60) return `This offer will expire in ${seconds} second${seconds === 1 ? '' : 's'}.`;
    const minutes = Math.floor(seconds / 60);
    return `This offer will expire in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  },
  cardFailedTitle: 'Card Payment Failed',
  /** Seed 001 §8's text whole (issue 33), then the processor's own reason when it gave one (issue 20). */
  cardFailed: (reason?: string) => {
    const seed =
      'Your card was declined or the card details were incorrect. Please check your information and try again with a different card if necessary.';
    const said = reason?.trim();
    return said ? `${seed} (${said.replace(/\.$/, '')}.)` : seed;
  },
  paymentErrorTitle: 'Payment Error',
  /** Not seed strings: the bank's 3-D Secure check (issue 28). */
  bankCheckFinishing: 'Confirming your payment with your bank...',
  bankCheckNeedsStorage:
    'Your bank asks you to confirm this payment on its own page, which needs this browser to keep the booking meanwhile. Please allow site storage, or use another card.',
  bookingFailedTitle: 'Booking Failed',
  bookingFailed: 'Something went wrong. Please try again.',
  /** Not a seed string: the airline had not answered after every ask; the engine's message follows. */
  bookingPendingTitle: 'Booking in progress',
  offerNotFound: 'Flight offer not found',
} as const;

/** Seed 001 §2: adults fall back to the offer's passenger count, or 1; children and infants to 0. */
export function passengerTypesFor(params: URLSearchParams, offer: FlightOffer | undefined): PassengerType[] {
  const count = (name: string) => {
    const value = Number.parseInt(params.get(name) ?? '', 10);
    return Number.isFinite(value) && value >= 0 ? Math.min(value, 9) : null;
  };
  const adults = count('adults') || Math.max(1, offer?.passengers.length ?? 1);
  const children = count('children') ?? 0;
  const infants = count('infants') ?? 0;
  return [
    ...Array<PassengerType>(adults).fill('adult'),
    ...Array<PassengerType>(children).fill('child'),
    ...Array<PassengerType>(infants).fill('infant_without_seat'),
  ];
}

/**
 * Seed 001 §8: error text about payment, card, PAYMENT_FAILED or "resource not found" is a card
 * failure; the engine's PAYMENT_ERROR (the processor failed, not the card) and RATE_LIMITED (too
 * many attempts: the card was not asked, so its fields are kept) are a Payment Error.
 */
export function isCardFailure(code: string | undefined, text: string): boolean {
  if (code === PAYMENT_ERROR || code === RATE_LIMITED) return false;
  return /payment|card|PAYMENT_FAILED|resource not found/i.test(`${code ?? ''} ${text}`);
}

export function newIdempotencyKey(prefix: string): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return `${prefix}-${random}`;
}
