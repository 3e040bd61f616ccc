import { REFUSAL_STATUS, type RefusalCode } from '@contrail/shared/booking/refusal-codes';
import { ZodError } from 'zod';

export type { RefusalCode };

/**
 * Why the booking's domain refused a request or a command, as practica's AppError: a code from the
 * one list in shared/ (whose table gives its HTTP status), a message for the traveller, and details
 * (field problems as `errors`, the expected amount, the booking id...). Nothing was changed.
 */
export class Refusal extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'Refusal';
  }

  get status(): number {
    return REFUSAL_STATUS[this.code];
  }
}

export interface FieldProblem {
  path: string;
  message: string;
}

export const refuse = (code: RefusalCode, message: string): never => {
  throw new Refusal(code, message);
};

/** Bad input the schema could not see (it depends on the offer, the brand...): a 400 naming the field. */
export function invalidField(path: string, message: string): Refusal {
  return new Refusal('VALIDATION_ERROR', `Invalid request: ${path}: ${message}`, { errors: [{ path, message }] });
}

/** A dependency (database, queue, provider) cannot be reached now: the request may be tried again. */
export const SERVICE_UNAVAILABLE_MESSAGE =
  'Bookings are unavailable for a moment. Nothing was charged; please try again shortly.';

export const OFFER_EXPIRED_REFUSAL =
  'This flight offer has expired. Please return to search and select another flight.';

/** The request's own fault as a refusal (a schema's complaint included); undefined for any other failure. */
export function refusalOf(error: unknown): Refusal | undefined {
  if (error instanceof Refusal) return error;
  if (!(error instanceof ZodError)) return undefined;
  const errors = error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  const first = errors[0];
  const message = first ? `Invalid request: ${first.path ? `${first.path}: ` : ''}${first.message}` : 'Invalid request';
  return new Refusal('VALIDATION_ERROR', message, { errors });
}
