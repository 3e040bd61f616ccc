import type { ApiError } from '../app/api';

/** The server's own message when it sent one, else the request helper's "{status}: {body}". */
function detail(error: ApiError): string {
  const data = error.data;
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' && data.message) {
    return data.message;
  }
  return error.message;
}

/** Seed 000 §8's wrapped service messages, e.g. "Unable to search flights: ...". */
export function wrapServiceError(prefix: string, error: ApiError): ApiError {
  return { ...error, message: `${prefix}: ${detail(error)}` };
}
