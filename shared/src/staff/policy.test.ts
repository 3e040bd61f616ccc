import { describe, expect, it } from 'vitest';
import { can, COMMERCIAL_BRAND_FIELDS, mayAssign, roleCan, STAFF_ACTIONS, visibleBrands } from './policy.js';
import { STAFF_ROLES, type StaffScope } from './roles.js';

const platform: StaffScope = { role: 'platform-admin', brands: [] };
const skyAdmin: StaffScope = { role: 'brand-admin', brands: ['skyhop', 'nordlys'] };
const agent: StaffScope = { role: 'support-agent', brands: ['skyhop'] };
const auditor: StaffScope = { role: 'auditor', brands: ['skyhop'] };

describe('the staff policy', () => {
  it('lets a platform admin do everything, on every brand', () => {
    for (const action of STAFF_ACTIONS) expect(can(platform, action, 'anything')).toBe(true);
  });

  it('lets nobody without a staff role do anything', () => {
    for (const action of STAFF_ACTIONS) expect(can(undefined, action)).toBe(false);
  });

  it("limits a brand admin to their brands' look, bookings and staff", () => {
    expect(can(skyAdmin, 'brands.edit-look', 'skyhop')).toBe(true);
    expect(can(skyAdmin, 'brands.edit-look', 'other')).toBe(false);
    expect(can(skyAdmin, 'staff.manage', 'nordlys')).toBe(true);
    expect(can(skyAdmin, 'bookings.service', 'skyhop')).toBe(true);
    expect(can(skyAdmin, 'brands.edit-commercial', 'skyhop')).toBe(false);
    expect(can(skyAdmin, 'brands.create')).toBe(false);
    expect(can(skyAdmin, 'settings.change-mode')).toBe(false);
  });

  it('lets a support agent find and service bookings, but touch no brand or commercial setting', () => {
    expect(can(agent, 'bookings.view', 'skyhop')).toBe(true);
    expect(can(agent, 'bookings.service', 'skyhop')).toBe(true);
    expect(can(agent, 'personal-data.reveal', 'skyhop')).toBe(true);
    expect(can(agent, 'bookings.view', 'nordlys')).toBe(false);
    for (const action of ['brands.view', 'brands.edit-look', 'brands.edit-commercial', 'staff.manage'] as const) {
      expect(can(agent, action, 'skyhop')).toBe(false);
    }
  });

  it('lets an auditor read and change nothing, nor see personal data', () => {
    expect(can(auditor, 'bookings.view', 'skyhop')).toBe(true);
    expect(can(auditor, 'staff.view', 'skyhop')).toBe(true);
    for (const action of STAFF_ACTIONS.filter((a) => !a.endsWith('.view') && a !== 'admin.sign-in')) {
      expect(roleCan('auditor', action)).toBe(false);
    }
  });

  it('gives every role the admin sign-in', () => {
    for (const role of STAFF_ROLES) expect(roleCan(role, 'admin.sign-in')).toBe(true);
  });

  it('shows a platform admin every brand and others their own', () => {
    expect(visibleBrands(platform)).toBeUndefined();
    expect(visibleBrands(agent)).toEqual(['skyhop']);
  });

  it('names the commercial fields of a brand', () => {
    expect(COMMERCIAL_BRAND_FIELDS).toEqual(['pricing', 'markupKeptOnRefund']);
  });
});

describe('who may grant what', () => {
  it('lets a platform admin grant any role on any brand', () => {
    expect(mayAssign(platform, { role: 'platform-admin', brands: [] })).toBe(true);
    expect(mayAssign(platform, { role: 'auditor', brands: ['x'] })).toBe(true);
  });

  it('never lets a brand admin grant platform admin', () => {
    expect(mayAssign(skyAdmin, { role: 'platform-admin', brands: [] })).toBe(false);
  });

  it('lets a brand admin grant the other roles on their own brands only', () => {
    expect(mayAssign(skyAdmin, { role: 'support-agent', brands: ['skyhop'] })).toBe(true);
    expect(mayAssign(skyAdmin, { role: 'brand-admin', brands: ['skyhop', 'nordlys'] })).toBe(true);
    expect(mayAssign(skyAdmin, { role: 'support-agent', brands: ['skyhop', 'other'] })).toBe(false);
    expect(mayAssign(skyAdmin, { role: 'auditor', brands: [] })).toBe(false);
  });

  it('lets no support agent or auditor grant anything', () => {
    expect(mayAssign(agent, { role: 'support-agent', brands: ['skyhop'] })).toBe(false);
    expect(mayAssign(auditor, { role: 'auditor', brands: ['skyhop'] })).toBe(false);
  });
});
