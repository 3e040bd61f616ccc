import type { ErrorRequestHandler } from 'express';
import { FlightProviderError } from '../../flights/provider.js';
import { providerFailure } from '../../flights/provider-failure.js';
import { HttpError, ValidationError, type FieldError } from '../../http/errors.js';
import { isUnreachable } from '../../calls/deadline.js';
import { CardPaymentRefused } from '../domain/card-payment.js';
import { BookingError, SERVICE_UNAVAILABLE_MESSAGE, type BookingErrorCode } from '../domain/errors.js';
import { BookingRefused } from '../domain/refusals.js';

/** The one place where the bookings' domain errors become HTTP answers. */
const STATUS: Record<BookingErrorCode, number> = {
  VALIDATION_ERROR: 400,
  INVALID_CARD: 400,
  INVALID_IDEMPOTENCY_KEY: 400,
  AMOUNT_MISMATCH: 400,
  NOT_FOUND: 404,
  BRAND_NOT_FOUND: 404,
  REQUEST_IN_PROGRESS: 409,
  PAYMENT_ALREADY_USED: 409,
  PAYMENT_NOT_AUTHORIZED: 409,
  BOOKING_FAILED: 409,
  PRICE_CHANGED: 409,
  OFFER_EXPIRED: 410,
  IDEMPOTENCY_KEY_REUSED: 422,
  SERVICE_UNAVAILABLE: 503,
};

export function httpErrorOf(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  if (error instanceof BookingError) {
    const { errors, ...extra } = error.details as { errors?: FieldError[] };
    if (error.code === 'VALIDATION_ERROR') return new ValidationError(errors ?? [], error.message);
    return new HttpError(STATUS[error.code], error.message, error.code, { ...(errors && { errors }), ...extra });
  }
  if (error instanceof CardPaymentRefused) {
    const status = error.code === 'NO_PAYMENT' ? 400 : 409;
    const code = error.code === 'PAYMENT_RELEASED' ? 'PAYMENT_NOT_AUTHORIZED' : error.code;
    return new HttpError(status, error.message, code);
  }
  if (error instanceof BookingRefused) return new HttpError(409, error.message, error.code);
  if (error instanceof FlightProviderError) return providerFailure(error);
  if (isUnreachable(error)) return new HttpError(503, SERVICE_UNAVAILABLE_MESSAGE, 'SERVICE_UNAVAILABLE');
  return error;
}

/** Mounted last on the bookings router: its handlers throw domain errors, this answers them. */
export const bookingErrors: ErrorRequestHandler = (error, _req, _res, next) => next(httpErrorOf(error));
