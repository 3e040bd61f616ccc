import type { RequestHandler } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import { HttpError } from '../http/errors.js';

/** Makes a store for one limiter (a Redis store when REDIS_URL is set, so all instances share counts). */
export type RateLimitStoreFactory = (name: string) => Store;

const MINUTE = 60_000;

export const rateLimitMessages = {
  signIn: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
  register: 'Too many registration attempts. Please try again later.',
  changePassword: 'Too many failed attempts. Please try again in 15 minutes.',
} as const;

interface LimitRule {
  name: string;
  windowMs: number;
  limit: number;
  message: string;
  /** Only failures (status >= 400) count. */
  failuresOnly: boolean;
  /** Without one, the client's IP (IPv6 by /56 subnet). */
  key?: (req: Parameters<RequestHandler>[0]) => string;
}

function limiter(rule: LimitRule, store: RateLimitStoreFactory | undefined): RequestHandler {
  return rateLimit({
    windowMs: rule.windowMs,
    limit: rule.limit,
    skipSuccessfulRequests: rule.failuresOnly,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    ...(rule.key && { keyGenerator: rule.key }),
    ...(store && { store: store(rule.name) }),
    handler: (_req, _res, next) => next(new HttpError(429, rule.message, 'RATE_LIMITED')),
  });
}

const usernameKey: LimitRule['key'] = (req) => {
  const username: unknown = (req.body as { username?: unknown } | undefined)?.username;
  return `${req.brandKey ?? ''}:${typeof username === 'string' ? username.trim().toLowerCase() : ''}`;
};

export interface AuthRateLimits {
  signIn: RequestHandler[];
  register: RequestHandler[];
  changePassword: RequestHandler[];
}

/** Sign-in and registration are limited per IP and per username; password changes per user. */
export function authRateLimits(store?: RateLimitStoreFactory): AuthRateLimits {
  const window = 15 * MINUTE;
  const signIn = rateLimitMessages.signIn;
  return {
    signIn: [
      limiter({ name: 'signin-ip', windowMs: window, limit: 30, message: signIn, failuresOnly: true }, store),
      limiter(
        { name: 'signin-user', windowMs: window, limit: 10, message: signIn, failuresOnly: true, key: usernameKey },
        store,
      ),
    ],
    register: [
      limiter(
        {
          name: 'register-ip',
          windowMs: 60 * MINUTE,
          limit: 20,
          message: rateLimitMessages.register,
          failuresOnly: false,
        },
        store,
      ),
      limiter(
        {
          name: 'register-user',
          windowMs: 60 * MINUTE,
          limit: 5,
          message: rateLimitMessages.register,
          failuresOnly: false,
          key: usernameKey,
        },
        store,
      ),
    ],
    changePassword: [
      limiter(
        {
          name: 'password-user',
          windowMs: window,
          limit: 10,
          message: rateLimitMessages.changePassword,
          failuresOnly: true,
          key: (req) => req.user?.id ?? '',
        },
        store,
      ),
    ],
  };
}
