import { DuffelError } from '@duffel/api';

type DuffelFailure = InstanceType<typeof DuffelError>;

/** Whether Duffel refused the request for the token's rate limit (nothing was done: it may be sent again). */
export function isRateLimited(error: unknown): error is DuffelFailure {
  return (
    error instanceof DuffelError &&
    ((error.meta?.status ?? error.status) === 429 || error.errors?.[0]?.code === 'rate_limit_exceeded')
  );
}

/**
 * When a rate-limited token may call again, from the answer's `ratelimit-reset` header: an HTTP
 * date (Duffel's form) or, as some proxies send it, a number of seconds from now or since the epoch.
 */
export function rateLimitResetMs(error: DuffelFailure, nowMs: number): number | undefined {
  const header = error.headers?.get?.('ratelimit-reset')?.trim();
  if (!header) return undefined;
  if (/^\d+$/.test(header)) {
    const seconds = Number(header);
    return seconds > 1e9 ? seconds * 1000 : nowMs + seconds * 1000;
  }
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : date;
}
