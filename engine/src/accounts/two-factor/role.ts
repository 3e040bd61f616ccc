import { TRAVELLER_ROLE } from '@contrail/shared/accounts/two-factor';

/**
 * The account's role as the two-factor rule reads it. Every non-traveller is staff; when staff
 * roles get their own field (issue 31's roles), it replaces these flags here and nowhere else.
 */
export function roleOf(user: { isAdmin: boolean; isPlatformAdmin: boolean }): string {
  if (user.isPlatformAdmin) return 'platform_admin';
  if (user.isAdmin) return 'brand_admin';
  return TRAVELLER_ROLE;
}
