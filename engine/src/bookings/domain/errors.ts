/**
 * Why a booking service refused a request, in the domain's words; bookings/http/errors.ts is the
 * one place that says which HTTP answer each one gets.
 */
export type BookingErrorCode =
  | 'VALIDATION_ERROR'
  | 'INVALID_CARD'
  | 'INVALID_IDEMPOTENCY_KEY'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'REQUEST_IN_PROGRESS'
  | 'BRAND_NOT_FOUND'
  | 'NOT_FOUND'
  | 'OFFER_EXPIRED'
  | 'AMOUNT_MISMATCH'
  | 'PAYMENT_ALREADY_USED'
  | 'PAYMENT_NOT_AUTHORIZED'
  | 'BOOKING_FAILED'
  | 'PRICE_CHANGED'
  | 'SERVICE_UNAVAILABLE';

export interface FieldProblem {
  path: string;
  message: string;
}

export class BookingError extends Error {
  constructor(
    readonly code: BookingErrorCode,
    message: string,
    /** Shown with the message: field problems (`errors`), the expected amount, the booking id... */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'BookingError';
  }
}

/** Bad input the schema could not see (it depends on the offer, the brand...): a 400 naming the field. */
export function invalidField(path: string, message: string): BookingError {
  return new BookingError('VALIDATION_ERROR', `Invalid request: ${path}: ${message}`, { errors: [{ path, message }] });
}

/** A dependency (database, queue, provider) cannot be reached now: the request may be tried again. */
export const SERVICE_UNAVAILABLE_MESSAGE =
  'Bookings are unavailable for a moment. Nothing was charged; please try again shortly.';
