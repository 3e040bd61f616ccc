import { mayAssign } from '@contrail/shared/staff/policy';
import { STAFF_ROLES, type StaffRole } from '@contrail/shared/staff/roles';
import { useCurrentUserQuery } from '../account/authApi';
import { useBrandsQuery } from './adminApi';
import { staffScopeOf } from './use-staff-can';

/** The roles and brands the signed-in admin may grant (the shared policy decides; the engine checks again). */
export function useStaffScopeOptions(): { roles: StaffRole[]; brands: string[] } {
  const { data: user } = useCurrentUserQuery();
  const scope = staffScopeOf(user);
  const platform = scope?.role === 'platform-admin';
  const brandList = useBrandsQuery(undefined, { skip: !platform });
  const brands = platform ? (brandList.data ?? []).map((brand) => brand.key) : [...(scope?.brands ?? [])];
  const roles = STAFF_ROLES.filter((role) =>
    mayAssign(scope, { role, brands: role === 'platform-admin' ? [] : brands.slice(0, 1) }),
  );
  return { roles, brands };
}
