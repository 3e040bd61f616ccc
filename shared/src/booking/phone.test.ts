import { describe, expect, it } from 'vitest';
import { passengersSchema } from './passenger.js';
import { e164, PHONE_FORMAT_MESSAGE } from './phone.js';

describe('phone numbers in E.164', () => {
  it('reads international numbers, a 00 prefix, and North American numbers without a country code', () => {
    expect(e164('+44 20 7946 0000')).toBe('+442079460000');
    expect(e164('0047 800 55 019')).toBe('+4780055019');
    expect(e164('(201) 555-0147')).toBe('+12015550147');
  });

  it('refuses what is no phone number', () => {
    expect(e164('+44 1')).toBeNull();
    expect(e164('call me')).toBeNull();
    expect(e164('   ')).toBeNull();
  });

  it('is a passenger rule, named on the field, for the primary passenger and any other who gives a phone', () => {
    const passenger = { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-05-01', email: 'ada@example.com' };
    const result = passengersSchema({ passportRequired: false, today: '2026-11-22' }).safeParse([
      { ...passenger, phone: '+44 1' },
      { ...passenger, phone: 'call me' },
      { ...passenger },
    ]);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['0.phone', PHONE_FORMAT_MESSAGE],
      ['1.phone', PHONE_FORMAT_MESSAGE],
    ]);
  });
});
