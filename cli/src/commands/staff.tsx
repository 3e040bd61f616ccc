import {
  staffHistorySchema,
  staffListSchema,
  staffMemberSchema,
  type StaffChange,
  type StaffMember,
} from '@contrail/shared/staff/contracts';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@contrail/shared/staff/roles';
import { CliError, InputError } from '../errors.js';
import type { CommandContext } from '../context.js';
import { print, printJson, printTable } from '../io.js';
import { localTime, timeHeader } from '../output/time.js';
import { ask } from '../ui/ask.js';
import { Confirm } from '../ui/Confirm.js';

export interface ScopeOptions {
  role?: string;
  brand?: string[];
  reason?: string;
  json?: boolean;
}

const member = (id: string) => `/api/admin/staff/${encodeURIComponent(id)}`;
const brandsOf = (brands: readonly string[]) => (brands.length === 0 ? 'every brand' : brands.join(', '));

function roleOf(value: string | undefined): StaffRole {
  const role = STAFF_ROLES.find((known) => known === value?.trim().toLowerCase());
  if (!role) throw new InputError(`--role must be one of: ${STAFF_ROLES.join(', ')}`);
  return role;
}

function reasonOf(value: string | undefined): string {
  if (!value?.trim()) throw new InputError('--reason is required: say why (it is recorded with the change)');
  return value;
}

const scopeBody = (options: ScopeOptions) => ({
  role: roleOf(options.role),
  brands: options.brand ?? [],
  reason: reasonOf(options.reason),
});

const describeMember = (staff: StaffMember) =>
  `${staff.username ?? staff.email} (${staff.id}): ${STAFF_ROLE_LABELS[staff.role]} for ${brandsOf(staff.brands)}, ${staff.status}`;

/** contrail staff list: everyone on the staff this member may see. */
export async function listStaff(ctx: CommandContext, options: { json?: boolean }): Promise<void> {
  const { staff } = await ctx.client.call('GET', '/api/admin/staff', {
    action: 'contrail staff list',
    schema: staffListSchema,
  });
  if (options.json) return printJson(ctx.io, staff);
  if (staff.length === 0) return print(ctx.io, 'No staff yet: invite someone with contrail staff invite.');
  printTable(ctx.io, staff, [
    { header: 'ID', value: (one) => one.id },
    { header: 'USERNAME', value: (one) => one.username ?? '(invited)' },
    { header: 'EMAIL', value: (one) => one.email },
    { header: 'ROLE', value: (one) => STAFF_ROLE_LABELS[one.role] },
    { header: 'BRANDS', value: (one) => brandsOf(one.brands) },
    { header: 'STATUS', value: (one) => one.status },
  ]);
}

/** contrail staff invite <email>: emails a 72-hour, single-use invitation link. */
export async function inviteStaff(ctx: CommandContext, email: string, options: ScopeOptions): Promise<void> {
  const invited = await ctx.client.call('POST', '/api/admin/staff/invitations', {
    body: { email, ...scopeBody(options) },
    action: 'contrail staff invite',
    schema: staffMemberSchema,
  });
  if (options.json) return printJson(ctx.io, invited);
  print(ctx.io, `Invited ${describeMember(invited)}; the link works until ${invited.invitationExpiresAt}.`);
}

/** contrail staff role <id>: gives a member another role or other brands. */
export async function changeStaffRole(ctx: CommandContext, id: string, options: ScopeOptions): Promise<void> {
  const changed = await ctx.client.call('POST', `${member(id)}/role`, {
    body: scopeBody(options),
    action: 'contrail staff role',
    schema: staffMemberSchema,
  });
  if (options.json) return printJson(ctx.io, changed);
  print(ctx.io, `Now ${describeMember(changed)}.`);
}

/** contrail staff revoke <id>: ends a member's access and sessions (after a confirmation). */
export async function revokeStaff(
  ctx: CommandContext,
  id: string,
  options: { reason?: string; yes?: boolean; json?: boolean },
): Promise<void> {
  const reason = reasonOf(options.reason);
  if (!options.yes) {
    if (!ctx.io.interactive)
      throw new InputError('revoking access needs a confirmation: run it in a terminal, or pass --yes');
    const message = `Revoke the access of ${id}? Their sessions end at once.`;
    const yes = await ask<boolean>(ctx.io, (answer) => <Confirm message={message} onAnswer={answer} />);
    if (!yes) throw new CliError('Cancelled: nothing was changed.');
  }
  const revoked = await ctx.client.call('POST', `${member(id)}/revoke`, {
    body: { reason },
    action: 'contrail staff revoke',
    schema: staffMemberSchema,
  });
  if (options.json) return printJson(ctx.io, revoked);
  print(ctx.io, `Revoked: ${describeMember(revoked)}.`);
}

const what = (change: StaffChange) =>
  change.type === 'revoked'
    ? 'access revoked'
    : `${change.type} as ${STAFF_ROLE_LABELS[change.role]} for ${brandsOf(change.brands)}`;

/** contrail staff history [id]: every staff change, with who, when and why. */
export async function staffHistory(
  ctx: CommandContext,
  id: string | undefined,
  options: { json?: boolean },
): Promise<void> {
  const { changes } = await ctx.client.call('GET', id ? `${member(id)}/history` : '/api/admin/staff/history', {
    action: 'contrail staff history',
    schema: staffHistorySchema,
  });
  if (options.json) return printJson(ctx.io, changes);
  if (changes.length === 0) return print(ctx.io, 'No staff changes yet.');
  printTable(ctx.io, changes, [
    { header: timeHeader('WHEN', ctx.timeZone), value: (change) => localTime(change.at, ctx.timeZone) },
    { header: 'WHO', value: (change) => change.email },
    { header: 'CHANGE', value: what },
    { header: 'BY', value: (change) => change.by },
    { header: 'WHY', value: (change) => change.reason },
  ]);
}
