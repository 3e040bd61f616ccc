import { describe, expect, it } from 'vitest';
import { changeStaffRoleSchema, inviteStaffSchema, revokeStaffSchema, staffMessages } from './contracts.js';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('staff contracts', () => {
  it('accepts an invitation of a support agent for brands, sorted and once each', () => {
    const invite = inviteStaffSchema.parse({
      email: ' ana@example.com ',
      role: 'support-agent',
      brands: ['skyhop', 'nordlys', 'skyhop'],
      reason: 'new desk hire',
    });
    expect(invite).toEqual({
      email: 'ana@example.com',
      role: 'support-agent',
      brands: ['nordlys', 'skyhop'],
      reason: 'new desk hire',
    });
  });

  it('asks for brands unless the role is platform admin, and none for a platform admin', () => {
    expect(messages(changeStaffRoleSchema.safeParse({ role: 'auditor', reason: 'audit 2026' }))).toEqual([
      staffMessages.brands,
    ]);
    expect(
      messages(changeStaffRoleSchema.safeParse({ role: 'platform-admin', brands: ['skyhop'], reason: 'promotion' })),
    ).toEqual([staffMessages.platformAdminBrands]);
  });

  it('refuses an unknown role and a short reason, naming each', () => {
    const result = inviteStaffSchema.safeParse({ email: 'x@example.com', role: 'king', brands: ['a'], reason: 'no' });
    expect(messages(result)).toEqual(expect.arrayContaining([staffMessages.role, staffMessages.reason]));
    expect(messages(revokeStaffSchema.safeParse({}))).toEqual([staffMessages.reason]);
  });
});
