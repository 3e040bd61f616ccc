/** The staff roles of issue 31, from most to least powerful. */
export const STAFF_ROLES = ['platform-admin', 'brand-admin', 'support-agent', 'auditor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  'platform-admin': 'Platform admin',
  'brand-admin': 'Brand admin',
  'support-agent': 'Support agent',
  auditor: 'Auditor',
};

/**
 * What a staff member may act on: a platform admin every brand (its list is empty); every other
 * role the brands listed, one or more.
 */
export interface StaffScope {
  role: StaffRole;
  brands: readonly string[];
}

export const isPlatformWide = (role: StaffRole): boolean => role === 'platform-admin';
