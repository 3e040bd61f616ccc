/** The error code of every rate-limited answer (429, with Retry-After in seconds). */
export const RATE_LIMITED = 'RATE_LIMITED';

/**
 * What a traveller reads when POST /api/payments/process-card refuses more attempts for now: the
 * wait in whole minutes (never "0 minutes"), as Retry-After says it in seconds.
 */
export function cardAttemptsLimitedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many payment attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before trying again.`;
}
