import { twoFactorMessages } from '@contrail/shared/accounts/two-factor';
import type { RequestHandler } from 'express';
import type { Clock } from '../../clock.js';
import { addressOf, limiter, type RateLimitStoreFactory } from '../rate-limits.js';
import { pendingSignIn } from './pending-sign-in.js';

const MINUTE = 60_000;

export interface TwoFactorRateLimits {
  /** The second step of a sign-in: per account and address, and per account from everywhere. */
  secondStep: RequestHandler[];
  /** Codes typed while signed in (confirm, disable, new recovery codes): per user. */
  signedIn: RequestHandler[];
}

/**
 * Failed codes are limited like failed passwords (accounts/rate-limits.ts): a million codes with
 * three accepted at a time make guessing within these limits hopeless.
 */
export function twoFactorRateLimits(clock: Clock, store?: RateLimitStoreFactory): TwoFactorRateLimits {
  const message = twoFactorMessages.tooManyAttempts;
  const pendingUser = (req: Parameters<RequestHandler>[0]) => pendingSignIn(req, clock)?.uid ?? '';
  return {
    secondStep: [
      limiter(
        {
          name: 'second-step-account-ip',
          windowMs: 15 * MINUTE,
          limit: 10,
          message,
          failuresOnly: true,
          key: (req) => `${pendingUser(req)}:${addressOf(req)}`,
        },
        store,
      ),
      limiter(
        {
          name: 'second-step-account',
          windowMs: 60 * MINUTE,
          limit: 30,
          message,
          failuresOnly: true,
          key: pendingUser,
        },
        store,
      ),
    ],
    signedIn: [
      limiter(
        {
          name: 'two-factor-user',
          windowMs: 15 * MINUTE,
          limit: 10,
          message,
          failuresOnly: true,
          key: (req) => req.user?.id ?? '',
        },
        store,
      ),
    ],
  };
}
