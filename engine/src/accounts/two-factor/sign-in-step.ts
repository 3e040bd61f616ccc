import { twoFactorRequired, type TwoFactorRequirement } from '@contrail/shared/accounts/two-factor';
import { roleOf } from './role.js';
import type { StaffScope } from '@contrail/shared/staff/roles';

export type SecondStep = 'code' | 'enrol';

/**
 * What a right password leads to: a code when two-factor authentication is on, enrolment when the
 * account must have it and has not, else nothing more (signed in).
 */
export function secondStepAfterPassword(
  user: { staff?: StaffScope; isAdmin: boolean; isPlatformAdmin: boolean },
  enabled: boolean,
  requirement: TwoFactorRequirement,
): SecondStep | undefined {
  if (enabled) return 'code';
  return twoFactorRequired(roleOf(user), requirement) ? 'enrol' : undefined;
}
