import type { CurrentUser } from '@contrail/shared/accounts/schemas';
import { can, type StaffAction } from '@contrail/shared/staff/policy';
import type { StaffScope } from '@contrail/shared/staff/roles';
import { useCurrentUserQuery } from '../account/authApi';

/**
 * The signed-in member's scope. An engine from before staff roles sends only `isAdmin`: its admins
 * see every action, and the engine still refuses what they may not do.
 */
export function staffScopeOf(user: CurrentUser | null | undefined): StaffScope | undefined {
  if (user?.staff) return user.staff;
  return user?.isAdmin ? { role: 'platform-admin', brands: [] } : undefined;
}

/** The one staff policy, asked about the signed-in user: pages hide the actions it refuses. */
export function useStaffCan(): (action: StaffAction, brandKey?: string) => boolean {
  const { data: user } = useCurrentUserQuery();
  const scope = staffScopeOf(user);
  return (action, brandKey) => can(scope, action, brandKey);
}
