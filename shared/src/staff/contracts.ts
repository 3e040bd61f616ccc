import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX, registerSchema } from '../accounts/schemas.js';
import { brandKeySchema } from '../admin/brands.js';
import { isSafeText, UNSAFE_TEXT_MESSAGE } from '../validation/safe-text.js';
import { STAFF_ROLES } from './roles.js';

/** An invitation link stays valid this long, and works once. */
export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;
export const REASON_MIN = 5;
export const REASON_MAX = 500;
export const STAFF_BRANDS_MAX = 50;

export const staffMessages = {
  reason: `Please give a reason (${REASON_MIN} to ${REASON_MAX} characters)`,
  role: `Role must be one of: ${STAFF_ROLES.join(', ')}`,
  brands: 'Choose at least one brand for this role',
  platformAdminBrands: 'A platform admin covers every brand: leave the brands empty',
  email: 'Please enter a valid email address',
  token: 'This invitation link is not valid',
} as const;

const reason = z
  .string({ error: staffMessages.reason })
  .trim()
  .min(REASON_MIN, staffMessages.reason)
  .max(REASON_MAX, staffMessages.reason)
  .refine(isSafeText, UNSAFE_TEXT_MESSAGE);

export const staffRoleSchema = z.enum(STAFF_ROLES, { error: staffMessages.role });

/** A role with its brands: none for a platform admin, one or more for every other role. */
const scopeFields = {
  role: staffRoleSchema,
  brands: z.array(brandKeySchema).max(STAFF_BRANDS_MAX).default([]),
};

function scopeIsWhole(value: { role: string; brands: string[] }, ctx: z.RefinementCtx): void {
  if (value.role === 'platform-admin' && value.brands.length > 0) {
    ctx.addIssue({ code: 'custom', path: ['brands'], message: staffMessages.platformAdminBrands });
  }
  if (value.role !== 'platform-admin' && value.brands.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['brands'], message: staffMessages.brands });
  }
}

const dedupeBrands = <T extends { brands: string[] }>(value: T): T => ({
  ...value,
  brands: [...new Set(value.brands)].sort(),
});

/** POST /api/admin/staff/invitations. */
export const inviteStaffSchema = z
  .object({
    email: z.string({ error: staffMessages.email }).trim().max(EMAIL_MAX).pipe(z.email(staffMessages.email)),
    ...scopeFields,
    reason,
  })
  .superRefine(scopeIsWhole)
  .transform(dedupeBrands);
export type InviteStaff = z.infer<typeof inviteStaffSchema>;

/** POST /api/admin/staff/:id/role. */
export const changeStaffRoleSchema = z
  .object({ ...scopeFields, reason })
  .superRefine(scopeIsWhole)
  .transform(dedupeBrands);
export type ChangeStaffRole = z.infer<typeof changeStaffRoleSchema>;

/** POST /api/admin/staff/:id/revoke. */
export const revokeStaffSchema = z.object({ reason });
export type RevokeStaff = z.infer<typeof revokeStaffSchema>;

/** The token of an invitation link: 43 base64url characters (32 random bytes). */
export const invitationTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, staffMessages.token);

/** POST /api/staff/invitations/accept: the new account's name and password. */
export const acceptInvitationSchema = registerSchema.omit({ email: true }).extend({ token: invitationTokenSchema });
export type AcceptInvitation = z.infer<typeof acceptInvitationSchema>;

export const STAFF_STATUSES = ['invited', 'active', 'revoked'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

/** One member of staff as the Staff page and `contrail staff list` show them. */
export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  name: z.string().max(2 * NAME_MAX + 1),
  role: staffRoleSchema,
  brands: z.array(z.string()),
  status: z.enum(STAFF_STATUSES),
  invitedAt: z.string(),
  /** Until when the invitation link works (only while invited). */
  invitationExpiresAt: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListSchema = z.object({ staff: z.array(staffMemberSchema) });
export type StaffList = z.infer<typeof staffListSchema>;

export const STAFF_CHANGE_TYPES = ['enrolled', 'invited', 'accepted', 'role-changed', 'revoked'] as const;

/** One event of the staff history: what changed, to whom, by whom, when and why. */
export const staffChangeSchema = z.object({
  staffId: z.string(),
  type: z.enum(STAFF_CHANGE_TYPES),
  email: z.string(),
  role: staffRoleSchema,
  brands: z.array(z.string()),
  by: z.string(),
  at: z.string(),
  reason: z.string(),
});
export type StaffChange = z.infer<typeof staffChangeSchema>;

export const staffHistorySchema = z.object({ changes: z.array(staffChangeSchema) });
export type StaffHistory = z.infer<typeof staffHistorySchema>;

/** GET /api/staff/invitations/:token: what the acceptance page shows before the form. */
export const invitationViewSchema = z.object({
  email: z.string(),
  role: staffRoleSchema,
  brands: z.array(z.string()),
  expiresAt: z.string(),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;
