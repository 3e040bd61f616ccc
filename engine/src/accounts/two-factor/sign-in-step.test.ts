import { twoFactorRequired } from '@contrail/shared/accounts/two-factor';
import { STAFF_ROLES } from '@contrail/shared/staff/roles';
import { describe, expect, it } from 'vitest';
import { secondStepAfterPassword } from './sign-in-step.js';

const traveller = { isAdmin: false, isPlatformAdmin: false };
const brandAdmin = { isAdmin: true, isPlatformAdmin: false };
const platformAdmin = { isAdmin: true, isPlatformAdmin: true };

describe('the step after a right password', () => {
  it('asks everyone with two-factor authentication on for a code', () => {
    for (const user of [traveller, brandAdmin, platformAdmin]) {
      expect(secondStepAfterPassword(user, true, 'staff')).toBe('code');
      expect(secondStepAfterPassword(user, true, 'nobody')).toBe('code');
    }
  });

  it('sends staff without it to enrol', () => {
    expect(secondStepAfterPassword(brandAdmin, false, 'staff')).toBe('enrol');
    expect(secondStepAfterPassword(platformAdmin, false, 'staff')).toBe('enrol');
  });

  it('reads the staff role of an invited member, whatever the old admin flags say', () => {
    for (const role of STAFF_ROLES) {
      const member = { ...traveller, staff: { role, brands: ['skyhop'] } };
      expect(secondStepAfterPassword(member, false, 'staff')).toBe('enrol');
    }
  });

  it('signs a traveller without it straight in, unless the platform requires it of everyone', () => {
    expect(secondStepAfterPassword(traveller, false, 'staff')).toBeUndefined();
    expect(secondStepAfterPassword(traveller, false, 'everyone')).toBe('enrol');
  });

  it('holds for any staff role, including ones added later', () => {
    for (const role of STAFF_ROLES) {
      expect(twoFactorRequired(role, 'staff')).toBe(true);
    }
    expect(twoFactorRequired('traveller', 'staff')).toBe(false);
    expect(twoFactorRequired('traveller', 'everyone')).toBe(true);
  });
});
