import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError, type ZodType, type z } from 'zod';

export interface FieldError {
  path: string;
  message: string;
}

/** An error whose status and message are safe to show the caller. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export class ValidationError extends HttpError {
  constructor(
    readonly errors: FieldError[],
    message = errors.length > 0 ? `Invalid request: ${describe(errors[0]!)}` : 'Invalid request',
  ) {
    super(400, message, 'VALIDATION_ERROR');
    this.name = 'ValidationError';
  }
}

function describe(error: FieldError): string {
  return error.path ? `${error.path}: ${error.message}` : error.message;
}

export function fieldErrorsOf(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** Parses untrusted input, or throws a 400 that names each bad field. */
export function parseInput<Schema extends ZodType>(schema: Schema, input: unknown, message?: string): z.output<Schema> {
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationError(fieldErrorsOf(result.error), message);
  return result.data;
}

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, `No API route for ${req.method} ${req.originalUrl.split('?')[0]}`, 'NOT_FOUND'));
};

interface BodyParserError {
  type?: string;
  status?: number;
}

export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';

/** Network failures reaching a dependency (database, Redis), by Node's error codes. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * True when the error says a dependency cannot be reached, not that the request is wrong: a
 * refused or dropped connection, PostgreSQL's connection and shutdown classes (08, 57P), pg's pool
 * timing out, ioredis giving up. Such a request is answered 503 without details.
 */
export function isDependencyUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const { code, name, message } = current as Error & { code?: unknown };
    if (typeof code === 'string' && (UNREACHABLE.has(code) || /^(08|57P)/.test(code))) return true;
    if (name === 'MaxRetriesPerRequestError') return true;
    if (/^(timeout exceeded when trying to connect|Connection terminated|Connection is closed)/i.test(message))
      return true;
    if (current instanceof AggregateError && current.errors.some(isDependencyUnavailable)) return true;
    current = current.cause;
  }
  return false;
}

export function errorHandler(options: { exposeStack: boolean }): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof ValidationError) {
      res.status(400).json({ message: error.message, errors: error.errors });
      return;
    }
    if (error instanceof ZodError) {
      const errors = fieldErrorsOf(error);
      res.status(400).json({ message: new ValidationError(errors).message, errors });
      return;
    }
    if (error instanceof HttpError) {
      res
        .status(error.status)
        .json({ message: error.message, ...(error.code && { code: error.code }), ...error.extra });
      return;
    }
    const bodyError = error as BodyParserError;
    if (bodyError.type === 'entity.parse.failed') {
      res
        .status(400)
        .json({ message: 'The request body is not valid JSON', errors: [{ path: '', message: 'Malformed JSON' }] });
      return;
    }
    if (bodyError.type === 'entity.too.large') {
      res.status(413).json({ message: 'The request body is too large' });
      return;
    }
    if (bodyError.type === 'entity.too.deep') {
      res.status(400).json({ message: (error as Error).message, errors: [{ path: '', message: 'Nested too deeply' }] });
      return;
    }
    if (typeof bodyError.status === 'number' && bodyError.status >= 400 && bodyError.status < 500) {
      res.status(bodyError.status).json({ message: (error as Error).message || 'Bad request' });
      return;
    }
    if (isDependencyUnavailable(error)) {
      req.log?.warn({ err: error }, 'a dependency is unavailable');
      res
        .status(503)
        .set('Retry-After', '5')
        .json({ message: SERVICE_UNAVAILABLE_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
      return;
    }
    req.log?.error({ err: error }, 'unhandled error');
    res.status(500).json({
      message: 'Internal server error',
      ...(options.exposeStack && error instanceof Error && { stack: error.stack }),
    });
  };
}
