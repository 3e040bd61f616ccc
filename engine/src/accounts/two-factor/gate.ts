import { twoFactorRequired, type TwoFactorRequirement } from '@contrail/shared/accounts/two-factor';
import type { RequestHandler } from 'express';
import { passedSecondStep } from './pending-sign-in.js';
import { roleOf } from './role.js';

/**
 * After the session is read: a session of an account that must use two-factor authentication but
 * never passed a second step (made before the requirement, or before a role was granted) is not
 * signed in; that person signs in again and enrols before anything else.
 */
export function twoFactorGate(requirement: TwoFactorRequirement): RequestHandler {
  return (req, _res, next) => {
    if (req.user && !passedSecondStep(req) && twoFactorRequired(roleOf(req.user), requirement)) {
      req.session = null;
      delete req.user;
    }
    next();
  };
}
