import { isPlatformWide, type StaffRole, type StaffScope } from './roles.js';

/**
 * Everything staff can do, one name per permission. Routes, admin pages and CLI commands all ask
 * `can` about one of these, so a role's reach is read in one table. `bookings.service` and
 * `personal-data.reveal` gate the support workspace and revealing personal data with a reason;
 * `personal-data.audit` (platform admins) reads the log of those reveals; `support-requests.handle`
 * sets a contact message's status and assignee.
 */
export const STAFF_ACTIONS = [
  'admin.sign-in',
  'settings.view',
  'settings.change-mode',
  'brands.view',
  'brands.create',
  'brands.edit-look',
  'brands.edit-commercial',
  'brands.enable-disable',
  'bookings.view',
  'bookings.service',
  'bookings.erase-passengers',
  'personal-data.reveal',
  'personal-data.audit',
  'accounts.erase',
  'outbox.view',
  'support-requests.view',
  'support-requests.handle',
  'staff.view',
  'staff.manage',
  'projections.manage',
  'reconciliation.view',
  'reconciliation.repair',
  'operations.view',
  'revenue.view',
  'webhooks.manage',
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

const READ_ONLY: readonly StaffAction[] = [
  'admin.sign-in',
  'settings.view',
  'brands.view',
  'bookings.view',
  'outbox.view',
  'support-requests.view',
  'staff.view',
  'operations.view',
  'revenue.view',
];

const SUPPORT: readonly StaffAction[] = [
  'admin.sign-in',
  'settings.view',
  'bookings.view',
  'bookings.service',
  'personal-data.reveal',
  'outbox.view',
  'support-requests.view',
  'support-requests.handle',
];

const BRAND_ADMIN: readonly StaffAction[] = [
  ...SUPPORT,
  'brands.view',
  'brands.edit-look',
  'bookings.erase-passengers',
  'accounts.erase',
  'staff.view',
  'staff.manage',
  'operations.view',
  'revenue.view',
  'webhooks.manage',
];

/** The one policy table: role → the actions it may take (on the brands of its scope). */
export const ROLE_PERMISSIONS: Record<StaffRole, ReadonlySet<StaffAction>> = {
  'platform-admin': new Set(STAFF_ACTIONS),
  'brand-admin': new Set(BRAND_ADMIN),
  'support-agent': new Set(SUPPORT),
  auditor: new Set(READ_ONLY),
};

/** May a holder of `role` take `action` at all (on some brand)? */
export function roleCan(role: StaffRole, action: StaffAction): boolean {
  return ROLE_PERMISSIONS[role].has(action);
}

/** Does the scope reach this brand? A platform admin reaches every brand. */
export function reachesBrand(scope: StaffScope, brandKey: string): boolean {
  return isPlatformWide(scope.role) || scope.brands.includes(brandKey);
}

/** May this staff member take `action`, on `brandKey` when the action is about one brand? */
export function can(scope: StaffScope | undefined, action: StaffAction, brandKey?: string): boolean {
  if (!scope || !roleCan(scope.role, action)) return false;
  return brandKey === undefined || reachesBrand(scope, brandKey);
}

/** The brands a list should show this member: undefined means every brand. */
export function visibleBrands(scope: StaffScope): readonly string[] | undefined {
  return isPlatformWide(scope.role) ? undefined : scope.brands;
}

/**
 * May `actor` give `target` (a role over brands) to someone? Platform admins give anything; a
 * brand admin gives any role but platform admin, over their own brands only.
 */
export function mayAssign(actor: StaffScope | undefined, target: StaffScope): boolean {
  if (!can(actor, 'staff.manage') || !actor) return false;
  if (isPlatformWide(actor.role)) return true;
  if (isPlatformWide(target.role) || target.brands.length === 0) return false;
  return target.brands.every((brand) => actor.brands.includes(brand));
}

/** May `actor` change or revoke a member who holds `current`? Only one whose whole scope they could grant. */
export function mayManageMember(actor: StaffScope | undefined, current: StaffScope): boolean {
  return mayAssign(actor, current);
}

/** Brand fields only a platform admin changes: the money a brand makes on every booking. */
export const COMMERCIAL_BRAND_FIELDS = ['pricing', 'markupKeptOnRefund'] as const;
