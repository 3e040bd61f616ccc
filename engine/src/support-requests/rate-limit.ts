import type { RequestHandler } from 'express';
import { limiter, type RateLimitStoreFactory } from '../accounts/rate-limits.js';

export const SUPPORT_RATE_WINDOW_MS = 15 * 60_000;
/** Per IP and window: plenty for a person writing in, too few to flood the support inbox. */
export const SUPPORT_RATE_LIMIT = 10;
export const supportRateLimitMessage = 'Too many messages sent. Please try again in 15 minutes.';

/**
 * Like sign-in (accounts/rate-limits.ts): per client IP over 15 minutes, shared across engine
 * instances through the same store. Every request counts, since a successful one is the spam.
 */
export function supportRateLimit(store?: RateLimitStoreFactory): RequestHandler {
  return limiter(
    {
      name: 'support-ip',
      windowMs: SUPPORT_RATE_WINDOW_MS,
      limit: SUPPORT_RATE_LIMIT,
      message: supportRateLimitMessage,
      failuresOnly: false,
    },
    store,
  );
}

export const LOOKUP_WINDOW_MS = 15 * 60_000;
/** Lookups one address may make per window: a traveller checks a few bookings, a guesser many. */
export const LOOKUP_LIMIT_PER_ADDRESS = 30;
/** Failed lookups of one reference per window, from anywhere: emails cannot be guessed for it. */
export const LOOKUP_FAILURES_PER_REFERENCE = 10;
export const lookupRateLimitMessage = 'Too many booking lookups. Please try again in 15 minutes.';

const referenceOf = (req: Parameters<RequestHandler>[0]) => {
  const reference = req.query.reference;
  return typeof reference === 'string' ? reference.trim().toUpperCase() : '';
};

/**
 * GET /api/bookings/lookup (Support → My Bookings), limited per address (every lookup counts) and
 * per reference (failed ones), so neither references nor the emails behind them can be enumerated.
 */
export function lookupRateLimits(store?: RateLimitStoreFactory): RequestHandler[] {
  const message = lookupRateLimitMessage;
  return [
    limiter(
      { name: 'lookup-ip', windowMs: LOOKUP_WINDOW_MS, limit: LOOKUP_LIMIT_PER_ADDRESS, message, failuresOnly: false },
      store,
    ),
    limiter(
      {
        name: 'lookup-reference',
        windowMs: LOOKUP_WINDOW_MS,
        limit: LOOKUP_FAILURES_PER_REFERENCE,
        message,
        failuresOnly: true,
        key: (req) => `${req.brandKey ?? ''}:${referenceOf(req)}`,
      },
      store,
    ),
  ];
}
