import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

/** An API failure as every storefront screen sees it: the one shape, made only by `toApiError`. */
export interface ApiError {
  /** HTTP status, or 'FETCH_ERROR' / 'PARSE_ERROR' / 'TIMEOUT_ERROR' when no answer was usable. */
  status: number | string;
  /** Seed 000 §8: "{status}: {body text}", or the status text when the body is empty (never HTML). */
  message: string;
  /** The engine's own words ({ message } in its JSON body), when it sent them. */
  serverMessage?: string;
  /** The engine's error code ({ error } or { code }), e.g. OFFER_EXPIRED or PAYMENT_FAILED. */
  code?: string;
  /** Field errors the engine named ({ errors: [{ path, message }] }): the first message per field. */
  fieldErrors: Record<string, string>;
  /** The parsed body, for screens that read more of it. */
  data?: unknown;
}

export const NETWORK_ERROR_MESSAGE = 'We could not reach our servers. Please check your connection and try again.';
const UNKNOWN_ERROR_MESSAGE = 'An unknown error occurred';

/** An error page (a proxy's 502, a server's crash page) is never shown as text. */
const HTML = /^\s*<(?:!doctype|html|head|body|\?xml)|<\/(?:html|body|head|div|p|h1|pre)>/i;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function bodyText(data: unknown): string {
  if (data === undefined || data === null || data === '') return '';
  if (typeof data === 'string') return HTML.test(data) ? '' : data;
  return JSON.stringify(data);
}

function fieldErrorsOf(errors: unknown): Record<string, string> {
  const byField: Record<string, string> = {};
  if (!Array.isArray(errors)) return byField;
  for (const entry of errors as Array<{ path?: unknown; message?: unknown }>) {
    const path = Array.isArray(entry?.path) ? entry.path.join('.') : entry?.path;
    if (typeof path === 'string' && path && typeof entry.message === 'string') byField[path] ??= entry.message;
  }
  return byField;
}

function fromBody(status: number | string, message: string, data: unknown): ApiError {
  const body = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const serverMessage = text(body.message);
  const code = text(body.error) ?? text(body.code);
  return {
    status,
    message,
    ...(serverMessage && !HTML.test(serverMessage) && { serverMessage }),
    ...(code && { code }),
    fieldErrors: fieldErrorsOf(body.errors),
    ...(data !== undefined && { data }),
  };
}

function isApiError(error: unknown): error is ApiError {
  return !!error && typeof error === 'object' && 'fieldErrors' in error && 'message' in error;
}

/**
 * Any failure (an RTK Query error, an `ApiError`, a thrown Error) as an `ApiError`. The only
 * place that reads an engine error body.
 */
export function toApiError(error: unknown, statusText = ''): ApiError {
  if (isApiError(error)) return error;
  const failure = (error ?? {}) as Partial<FetchBaseQueryError> & { message?: unknown };
  if (typeof failure.status === 'number') {
    const shown = bodyText(failure.data) || statusText || 'Request failed';
    return fromBody(failure.status, `${failure.status}: ${shown}`, failure.data);
  }
  if (failure.status === 'PARSING_ERROR') {
    const { originalStatus, data } = failure as Extract<FetchBaseQueryError, { status: 'PARSING_ERROR' }>;
    return fromBody('PARSE_ERROR', `${originalStatus}: ${bodyText(data) || statusText || 'Unreadable answer'}`, data);
  }
  if (failure.status === 'FETCH_ERROR')
    return { status: 'FETCH_ERROR', message: NETWORK_ERROR_MESSAGE, fieldErrors: {} };
  if (typeof failure.status === 'string') {
    return { status: failure.status, message: text(failure.error) ?? UNKNOWN_ERROR_MESSAGE, fieldErrors: {} };
  }
  const message = error instanceof Error ? error.message : text(failure.message);
  return { status: 'UNKNOWN', message: message ?? UNKNOWN_ERROR_MESSAGE, fieldErrors: {} };
}

/** What an issue of a contract check says: where in the answer, and what was wrong there. */
interface ContractIssue {
  message: string;
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> | undefined;
}

/**
 * An engine answer that breaks its contract in `@contrail/shared` (a storefront and an engine of
 * different versions): a failure like any other, never data the screens would misread.
 */
export function brokenContract(issues: readonly ContractIssue[]): ApiError {
  const issue = issues[0];
  const where = (issue?.path ?? []).map((part) => String(typeof part === 'object' ? part.key : part)).join('.');
  return {
    status: 'PARSE_ERROR',
    message: `Unexpected answer from the server${issue ? ` (${where || 'body'}: ${issue.message})` : ''}`,
    fieldErrors: {},
  };
}

/**
 * What to tell the traveller about a failure: the engine's own words when it sent them, else
 * `fallback` when given (a seed message), else the request helper's "{status}: {text}".
 */
export function errorMessage(error: unknown, fallback?: string): string {
  const apiError = toApiError(error);
  return apiError.serverMessage ?? fallback ?? apiError.message;
}

/** Seed 000 §8's wrapped service messages ("Unable to search flights: ..."), kept first in line. */
export function withContext(prefix: string, error: unknown): ApiError {
  const apiError = toApiError(error);
  const wrapped = `${prefix}: ${apiError.serverMessage ?? apiError.message}`;
  return { ...apiError, message: wrapped, serverMessage: wrapped };
}
