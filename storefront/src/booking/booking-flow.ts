import type { PassengerType } from '@contrail/shared/booking/passenger';
import { displayPrice } from '@contrail/shared/flights/display-price';
import type { FlightOffer } from '@contrail/shared/flights/offer';

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

/** Seed 001 §4 and §8 messages of the flow. */
export const FLOW_MESSAGES = {
  verifyFailed: 'Unable to verify offer validity. Please try again.',
  expiredTitle: 'Flight Offer Expired',
  expired: 'This flight offer has expired. Please return to search and select another flight.',
  expiringTitle: 'Offer Expiring Soon',
  expiring: (minutes: number) => `This offer will expire in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  cardFailedTitle: 'Card Payment Failed',
  cardFailed:
    'Your card was declined or the card details were incorrect. Please check your information and try again with a different card if necessary.',
  paymentErrorTitle: 'Payment Error',
  bookingFailedTitle: 'Booking Failed',
  bookingFailed: 'Something went wrong. Please try again.',
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

export interface OfferPrice {
  currency: string;
  /** The customer's price of the offer (shared displayPrice). */
  offerTotal: number;
  taxes: number;
  /** Seed 001 §2: total minus tax. */
  baseFare: number;
  seats: number;
  /** What is charged: the offer and the chosen seats. */
  total: number;
}

const cents = (value: number) => Math.round(value * 100) / 100;

export function offerPrice(offer: FlightOffer, markup: number, seats = 0): OfferPrice {
  const offerTotal = displayPrice(offer.total_amount, markup);
  const taxes = offer.tax_amount ? displayPrice(offer.tax_amount, markup) : 0;
  return {
    currency: offer.total_currency,
    offerTotal,
    taxes: Number.isFinite(taxes) ? taxes : 0,
    baseFare: cents(offerTotal - (Number.isFinite(taxes) ? taxes : 0)),
    seats,
    total: cents(offerTotal + seats),
  };
}

/** Money with cents, as a checkout shows it ("$1,234.50"). */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
  } catch {
    return `${currency} ${amount.toFixed(2)}`;
  }
}

/** Seed 001 §8: error text about payment, card, PAYMENT_FAILED or "resource not found" is a card failure. */
export function isCardFailure(text: string): boolean {
  return /payment|card|PAYMENT_FAILED|resource not found/i.test(text);
}

/** The text of a failed call: the server's message and code when it sent them, else the helper's message. */
export function failureText(error: unknown): string {
  if (!error || typeof error !== 'object') return '';
  const data = 'data' in error ? (error as { data: unknown }).data : undefined;
  const parts: string[] = [];
  if (data && typeof data === 'object') {
    for (const field of ['message', 'error', 'code'] as const) {
      const value = (data as Record<string, unknown>)[field];
      if (typeof value === 'string' && value) parts.push(value);
    }
  }
  if (parts.length === 0 && 'message' in error && typeof error.message === 'string') parts.push(error.message);
  return parts.join(' ');
}

/** The server's message alone, for toasts. */
export function serverMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const data = 'data' in error ? (error as { data: unknown }).data : undefined;
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' && data.message) {
    return data.message;
  }
  return 'message' in error && typeof error.message === 'string' && error.message ? error.message : undefined;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function newIdempotencyKey(prefix: string): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return `${prefix}-${random}`;
}
