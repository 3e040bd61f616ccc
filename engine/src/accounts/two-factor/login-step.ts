import {
  twoFactorMessages,
  type SecondStepNeeded,
  type TwoFactorRequirement,
} from '@contrail/shared/accounts/two-factor';
import type { Request } from 'express';
import type { Clock } from '../../clock.js';
import type { User } from '../users.js';
import { startPendingSignIn } from './pending-sign-in.js';
import { secondStepAfterPassword } from './sign-in-step.js';
import type { TwoFactor } from './two-factor.js';

/** Called by POST /api/auth/login once the password is right: the answer when a second step is due. */
export type LoginSecondStep = (req: Request, user: User) => Promise<SecondStepNeeded | undefined>;

export function loginSecondStep(
  twoFactor: TwoFactor,
  requirement: TwoFactorRequirement,
  clock: Clock,
): LoginSecondStep {
  return async (req, user) => {
    const step = secondStepAfterPassword(user, await twoFactor.isEnabled(user.id), requirement);
    if (!step) return undefined;
    startPendingSignIn(req, user, step, clock);
    const message =
      step === 'code' ? twoFactorMessages.codeRequiredAtSignIn : twoFactorMessages.enrolmentRequiredAtSignIn;
    return { success: true, message, twoFactor: step };
  };
}
