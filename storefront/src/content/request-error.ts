/** What to tell someone whose request failed: the engine's own message when it sent one. */
export function requestErrorMessage(error: unknown): string {
  const data = (error as { data?: unknown } | undefined)?.data;
  const message = (data as { message?: unknown } | undefined)?.message;
  if (typeof message === 'string' && message) return message;
  const status = (error as { status?: unknown } | undefined)?.status;
  if (status === 'FETCH_ERROR') return 'We could not reach our servers. Please check your connection and try again.';
  const fallback = (error as { message?: unknown } | undefined)?.message;
  return typeof fallback === 'string' && fallback ? fallback : 'Something went wrong. Please try again.';
}
