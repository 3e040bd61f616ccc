import type { ApiError } from '../app/api';

export interface ServerFieldError {
  path: string;
  message: string;
}

function body(error: unknown): { message?: unknown; errors?: unknown } | undefined {
  const data = (error as Partial<ApiError> | undefined)?.data;
  return data && typeof data === 'object' ? (data as { message?: unknown; errors?: unknown }) : undefined;
}

/** The engine's own message ({ message } in the body), else the fallback the seed names. */
export function serverMessage(error: unknown, fallback: string): string {
  const message = body(error)?.message;
  return typeof message === 'string' && message ? message : fallback;
}

/** Field errors the engine named ({ errors: [{ path, message }] }), keyed by field. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const errors = body(error)?.errors;
  if (!Array.isArray(errors)) return {};
  const byField: Record<string, string> = {};
  for (const entry of errors as ServerFieldError[]) {
    if (typeof entry?.path === 'string' && typeof entry.message === 'string') byField[entry.path] ??= entry.message;
  }
  return byField;
}
