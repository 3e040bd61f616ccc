import { can, type StaffAction } from '@contrail/shared/staff/policy';
import type { Request } from 'express';
import { HttpError } from '../http/errors.js';

/** May the signed-in staff member take `action` on this brand? */
export const staffCan = (req: Request, action: StaffAction, brandKey: string): boolean =>
  can(req.user?.staff, action, brandKey);

/**
 * The brand a brand-scoped admin request acts on: the one asked for (403 when out of reach); else,
 * for staff of some brands, the request's brand when theirs, or their first; for a platform admin
 * who asked for none, undefined: every brand.
 */
export function scopedBrand(req: Request, action: StaffAction, requested: string | undefined): string | undefined {
  const staff = req.user?.staff;
  if (requested !== undefined) {
    if (!can(staff, action, requested))
      throw new HttpError(403, `Your access does not include the brand ${requested}`, 'FORBIDDEN');
    return requested;
  }
  if (!staff || staff.role === 'platform-admin') return undefined;
  return req.brandKey && staff.brands.includes(req.brandKey) ? req.brandKey : staff.brands[0];
}
