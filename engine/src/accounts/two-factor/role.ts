import { TRAVELLER_ROLE } from '@contrail/shared/accounts/two-factor';
import type { StaffScope } from '@contrail/shared/staff/roles';

/**
 * The account's role as the two-factor rule reads it: its staff role (issue 31's roles), else the
 * admin flags of an account from before staff accounts, else a traveller.
 */
export function roleOf(user: { staff?: StaffScope; isAdmin: boolean; isPlatformAdmin: boolean }): string {
  if (user.staff) return user.staff.role;
  if (user.isPlatformAdmin) return 'platform-admin';
  if (user.isAdmin) return 'brand-admin';
  return TRAVELLER_ROLE;
}
