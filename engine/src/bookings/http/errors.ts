import type { ErrorRequestHandler } from 'express';
import { FlightProviderError } from '../../flights/provider.js';
import { providerFailure } from '../../flights/provider-failure.js';
import { HttpError, ValidationError, type FieldError } from '../../http/errors.js';
import { isUnreachable } from '../../calls/deadline.js';
import { Refusal, SERVICE_UNAVAILABLE_MESSAGE } from '../domain/refusals.js';

export function httpErrorOf(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  if (error instanceof Refusal) {
    const { errors, ...extra } = error.details as { errors?: FieldError[] };
    if (error.code === 'VALIDATION_ERROR') return new ValidationError(errors ?? [], error.message);
    return new HttpError(error.status, error.message, error.code, { ...(errors && { errors }), ...extra });
  }
  if (error instanceof FlightProviderError) return providerFailure(error);
  if (isUnreachable(error)) return new HttpError(503, SERVICE_UNAVAILABLE_MESSAGE, 'SERVICE_UNAVAILABLE');
  return error;
}

/** Mounted last on the bookings router: its handlers throw domain errors, this answers them. */
export const bookingErrors: ErrorRequestHandler = (error, _req, _res, next) => next(httpErrorOf(error));
