import { RATE_LIMITED } from '@contrail/shared/booking/card-attempts';
import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import { HttpError } from '../http/errors.js';
import type { KnownDevices } from './known-devices.js';

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
  /** Requests this limit leaves alone (neither counted nor refused). */
  skip?: (req: Parameters<RequestHandler>[0]) => boolean | Promise<boolean>;
}

export function limiter(rule: LimitRule, store: RateLimitStoreFactory | undefined): RequestHandler {
  return rateLimit({
    windowMs: rule.windowMs,
    limit: rule.limit,
    skipSuccessfulRequests: rule.failuresOnly,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    ...(rule.key && { keyGenerator: rule.key }),
    ...(rule.skip && { skip: rule.skip }),
    ...(store && { store: store(rule.name) }),
    handler: (_req, _res, next) => next(new HttpError(429, rule.message, RATE_LIMITED)),
  });
}

const usernameOf = (req: Parameters<RequestHandler>[0]) => {
  const username: unknown = (req.body as { username?: unknown } | undefined)?.username;
  return typeof username === 'string' ? username.trim().toLowerCase() : '';
};
const usernameKey = (req: Parameters<RequestHandler>[0]) => `${req.brandKey ?? ''}:${usernameOf(req)}`;
/** The client's address (IPv6 by /56 subnet), as express-rate-limit keys it. */
export const addressOf = (req: Parameters<RequestHandler>[0]) => ipKeyGenerator(req.ip ?? '');

export interface AuthRateLimits {
  signIn: RequestHandler[];
  register: RequestHandler[];
  changePassword: RequestHandler[];
}

/** ASVS: at most 100 failed attempts per hour on one account, from everywhere together. */
export const ACCOUNT_FAILURES_PER_HOUR = 100;

/**
 * Failed sign-ins are limited per address (30 per 15 minutes, any username), per account and
 * address (10 per 15 minutes), and per account from everywhere (ACCOUNT_FAILURES_PER_HOUR), from
 * which a browser the account has signed in on before is exempt (accounts/known-devices.ts): a
 * stranger elsewhere can exhaust the account's ceiling, but not lock its owner out.
 * Registrations are limited per address and per username; password changes per user.
 */
export function authRateLimits(store?: RateLimitStoreFactory, devices?: KnownDevices): AuthRateLimits {
  const window = 15 * MINUTE;
  const signIn = rateLimitMessages.signIn;
  const known = async (req: Parameters<RequestHandler>[0]) => (await devices?.isKnown(req, usernameOf(req))) ?? false;
  return {
    signIn: [
      limiter({ name: 'signin-ip', windowMs: window, limit: 30, message: signIn, failuresOnly: true }, store),
      limiter(
        {
          name: 'signin-account-ip',
          windowMs: window,
          limit: 10,
          message: signIn,
          failuresOnly: true,
          key: (req) => `${usernameKey(req)}:${addressOf(req)}`,
        },
        store,
      ),
      limiter(
        {
          name: 'signin-account',
          windowMs: 60 * MINUTE,
          limit: ACCOUNT_FAILURES_PER_HOUR,
          message: signIn,
          failuresOnly: true,
          key: usernameKey,
          skip: known,
        },
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
