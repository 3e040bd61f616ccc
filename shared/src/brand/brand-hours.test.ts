import { describe, expect, it } from 'vitest';
import { applyBrandPatch, newBrandSchema } from '../admin/brands.js';
import { POLICY } from '../content/policy.js';
import { brandSchema } from './brand.js';
import { DEFAULT_BRAND_HOURS } from './brand-hours.js';
import { DEFAULT_BRAND } from './default-brand.js';

const issuesOf = (input: unknown) =>
  newBrandSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe("a brand's opening hours", () => {
  it("default to the seed's texts", () => {
    expect(DEFAULT_BRAND_HOURS.phone).toBe(POLICY.phoneSupport);
    expect(DEFAULT_BRAND_HOURS.supportPage).toBe(POLICY.supportPageHours);
    expect(DEFAULT_BRAND_HOURS.office).toBe(`${POLICY.operatingHours}, seven days a week`);
    expect(DEFAULT_BRAND.hours).toEqual(DEFAULT_BRAND_HOURS);
  });

  it('are filled in for a brand stored before they existed, field by field', () => {
    const { hours: _hours, ...older } = DEFAULT_BRAND;
    expect(brandSchema.parse(older).hours).toEqual(DEFAULT_BRAND_HOURS);
    expect(brandSchema.parse({ ...older, hours: { phone: 'Mon-Fri 8-18' } }).hours).toEqual({
      ...DEFAULT_BRAND_HOURS,
      phone: 'Mon-Fri 8-18',
    });
  });

  it('take plain text, trimmed, of 1 to 80 characters, each problem named by its field', () => {
    const brand = { ...DEFAULT_BRAND, key: 'skyfares.com', domain: 'skyfares.com' };
    expect(newBrandSchema.parse({ ...brand, hours: { ...brand.hours, phone: '  Mon-Sat 8-20 ' } }).hours.phone).toBe(
      'Mon-Sat 8-20',
    );
    expect(issuesOf({ ...brand, hours: { ...brand.hours, phone: ' ' } })).toEqual([
      ['hours.phone', 'Phone support hours are required'],
    ]);
    expect(issuesOf({ ...brand, hours: { ...brand.hours, office: '<b>9-5</b>' } })).toEqual([
      ['hours.office', 'Opening hours must be plain text, without < > or control characters'],
    ]);
    expect(issuesOf({ ...brand, hours: { ...brand.hours, supportPage: 'x'.repeat(81) } })).toEqual([
      ['hours.supportPage', 'Support page hours must be at most 80 characters'],
    ]);
  });

  it('are merged field by field by a partial update', () => {
    const merged = applyBrandPatch(DEFAULT_BRAND, { hours: { phone: 'Mon-Fri 9-17' } });
    expect(merged.hours).toEqual({ ...DEFAULT_BRAND_HOURS, phone: 'Mon-Fri 9-17' });
  });
});
