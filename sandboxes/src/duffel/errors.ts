import { randomUUID } from 'node:crypto';
import type { Response } from 'express';

export type DuffelErrorType =
  | 'airline_error'
  | 'api_error'
  | 'authentication_error'
  | 'invalid_request_error'
  | 'invalid_state_error'
  | 'rate_limit_error'
  | 'validation_error';

/** An error the sandbox answers in Duffel's shape: `{ meta: { status, request_id }, errors: [...] }`. */
export class DuffelApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: DuffelErrorType,
    readonly code: string,
    readonly title: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string) =>
  new DuffelApiError(404, 'invalid_request_error', 'not_found', 'Not found', `The ${what} was not found`);

export const invalid = (field: string, message: string, code = 'invalid_value') =>
  new DuffelApiError(422, 'validation_error', code, 'Invalid value', message, field);

/** The id of a request's answer: Duffel sends it as `x-request-id` and, on errors, as `meta.request_id`. */
export function duffelRequestId(res: Response): string {
  const given = res.get('x-request-id');
  if (given) return given;
  const id = randomUUID();
  res.set('x-request-id', id);
  return id;
}

/** Duffel's error body for an error: `{ meta: { status, request_id }, errors: [...] }`. */
export function duffelErrorBody(error: DuffelApiError, requestId: string = randomUUID()): object {
  return {
    meta: { status: error.status, request_id: requestId },
    errors: [
      {
        type: error.type,
        title: error.title,
        message: error.message,
        code: error.code,
        documentation_url: `https://duffel.com/docs/api/overview/errors#${error.code}`,
        ...(error.field !== undefined && {
          source: { field: error.field, pointer: `/${error.field.replaceAll('.', '/')}` },
        }),
      },
    ],
  };
}

export function sendDuffelError(res: Response, error: DuffelApiError): void {
  res.status(error.status).json(duffelErrorBody(error, duffelRequestId(res)));
}
