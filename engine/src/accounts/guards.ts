import { roleCan, type StaffAction } from '@contrail/shared/staff/policy';
import { isPlatformWide, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@contrail/shared/staff/roles';
import type { RequestHandler } from 'express';
import { HttpError } from '../http/errors.js';

/** The seed's client recognises a signed-out answer by exactly this body. */
export const NOT_AUTHENTICATED = 'Not authenticated';

/** 401 { message: "Not authenticated" } unless signed in (req.user is then set). */
export const requireUser: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : new HttpError(401, NOT_AUTHENTICATED));
};

const platformOnly = (action: StaffAction) =>
  STAFF_ROLES.every((role) => isPlatformWide(role) || !roleCan(role, action));

function refusal(role: StaffRole, action: StaffAction): string {
  return platformOnly(action)
    ? 'Platform admin access required'
    : `${STAFF_ROLE_LABELS[role]} access does not include this`;
}

/** A guard that names the policy action it checks, so the route table test can read it. */
export type StaffGuard = RequestHandler & { readonly staffAction: StaffAction };

/**
 * 401 when signed out, 403 unless the user's staff role may take `action` on some brand (the one
 * policy, shared/src/staff/policy.ts). Routes about one brand check the brand with `can` as well.
 */
export function allow(action: StaffAction): StaffGuard {
  const guard: RequestHandler = (req, _res, next) => {
    const staff = req.user?.staff;
    if (!req.user) next(new HttpError(401, NOT_AUTHENTICATED));
    else if (!staff) next(new HttpError(403, 'Admin access required', 'FORBIDDEN'));
    else if (!roleCan(staff.role, action)) next(new HttpError(403, refusal(staff.role, action), 'FORBIDDEN'));
    else next();
  };
  return Object.assign(guard, { staffAction: action });
}
