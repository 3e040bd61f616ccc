import { SECOND_STEP_WINDOW_MS } from '@contrail/shared/accounts/two-factor';
import type { Request } from 'express';
import type { Clock } from '../../clock.js';
import type { User } from '../users.js';
import type { SecondStep } from './sign-in-step.js';

/**
 * Between the password and the second step the signed cookie holds only this: nobody is signed in
 * (session.ts reads no user from it), and it lapses after SECOND_STEP_WINDOW_MS.
 */
export interface PendingSignIn {
  uid: string;
  brand: string;
  /** The user's session version at the password step: a password change meanwhile voids it. */
  ver: number;
  exp: number;
  step: SecondStep;
}

/** The session field that marks a signed-in session whose second step passed. */
const PASSED = 'mfa';
const PENDING = 'pending2fa';

type SessionFields = Record<string, unknown>;

export function startPendingSignIn(req: Request, user: User, step: SecondStep, clock: Clock): void {
  const pending: PendingSignIn = {
    uid: user.id,
    brand: req.brandKey ?? '',
    ver: user.sessionVersion,
    exp: clock.now().getTime() + SECOND_STEP_WINDOW_MS,
    step,
  };
  req.session = { [PENDING]: pending };
  req.sessionOptions.maxAge = SECOND_STEP_WINDOW_MS;
  delete req.user;
}

/** The pending sign-in of this request's cookie when still valid for this brand. */
export function pendingSignIn(req: Request, clock: Clock): PendingSignIn | undefined {
  const pending = (req.session as SessionFields | null | undefined)?.[PENDING] as Partial<PendingSignIn> | undefined;
  if (!pending || typeof pending.uid !== 'string' || typeof pending.ver !== 'number') return undefined;
  if (typeof pending.exp !== 'number' || pending.exp <= clock.now().getTime()) return undefined;
  if (pending.brand !== req.brandKey || (pending.step !== 'code' && pending.step !== 'enrol')) return undefined;
  return pending as PendingSignIn;
}

/** Marks the (just signed-in) session as having passed its second step. */
export function markSecondStepPassed(req: Request): void {
  if (req.session) (req.session as SessionFields)[PASSED] = 1;
}

export function passedSecondStep(req: Request): boolean {
  return (req.session as SessionFields | null | undefined)?.[PASSED] === 1;
}
