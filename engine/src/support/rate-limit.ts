import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { RateLimitStoreFactory } from '../accounts/rate-limits.js';
import { HttpError } from '../http/errors.js';

export const SUPPORT_RATE_WINDOW_MS = 15 * 60_000;
/** Per IP and window: plenty for a person writing in, too few to flood the support inbox. */
export const SUPPORT_RATE_LIMIT = 10;
export const supportRateLimitMessage = 'Too many messages sent. Please try again in 15 minutes.';

/**
 * Like sign-in (accounts/rate-limits.ts): per client IP over 15 minutes, shared across engine
 * instances through the same store. Every request counts, since a successful one is the spam.
 */
export function supportRateLimit(store?: RateLimitStoreFactory): RequestHandler {
  return rateLimit({
    windowMs: SUPPORT_RATE_WINDOW_MS,
    limit: SUPPORT_RATE_LIMIT,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    ...(store && { store: store('support-ip') }),
    handler: (_req, _res, next) => next(new HttpError(429, supportRateLimitMessage, 'RATE_LIMITED')),
  });
}
