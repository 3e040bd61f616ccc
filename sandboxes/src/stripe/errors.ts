import type { StripeErrorBody } from './objects.js';

/** An error answered in Stripe's shape: `{ error: { type, code, decline_code, param, message } }`. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
    this.name = 'StripeApiError';
  }
}

export const invalidRequest = (message: string, extra: Omit<StripeErrorBody, 'type' | 'message'> = {}, status = 400) =>
  new StripeApiError(status, { type: 'invalid_request_error', message, ...extra });

export const missingParam = (param: string) =>
  invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });

export const invalidParam = (param: string, message: string, code = 'parameter_invalid_integer') =>
  invalidRequest(message, { code, param });

export const noSuch = (object: string, id: string, param: string) =>
  invalidRequest(`No such ${object}: '${id}'`, { code: 'resource_missing', param }, 404);

export const unexpectedState = (message: string) =>
  invalidRequest(message, { code: 'payment_intent_unexpected_state' });
