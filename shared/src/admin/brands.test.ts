import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '../brand/default-brand.js';
import { applyBrandPatch, brandDiff, brandKeySchema, newBrandSchema } from './brands.js';

const brand = { ...DEFAULT_BRAND, key: 'skyfares.com', domain: 'skyfares.com' };

describe('brand management rules', () => {
  it('accepts host names and slugs as keys, never the built-in default', () => {
    expect(brandKeySchema.parse(' SkyFares.com ')).toBe('skyfares.com');
    expect(brandKeySchema.safeParse('sky-fares').success).toBe(true);
    for (const bad of ['default', '-sky', 'sky-', 'sky fares', ''])
      expect(brandKeySchema.safeParse(bad).success).toBe(false);
  });

  it('defaults the price markup to 1.23 and folds the domain to lower case', () => {
    const { priceMarkup: _markup, ...rest } = brand;
    const parsed = newBrandSchema.parse({ ...rest, domain: 'SkyFares.COM' });
    expect(parsed.priceMarkup).toBe(1.23);
    expect(parsed.domain).toBe('skyfares.com');
  });

  it('merges theme, contact and social field by field and replaces the rest; the key stays', () => {
    const merged = applyBrandPatch(brand, { name: 'Sky', theme: { accent: '#f59e0b' }, key: 'other' });
    expect(merged).toEqual({ ...brand, name: 'Sky', theme: { ...brand.theme, accent: '#f59e0b' } });
  });

  it('lists changed fields by path, with before and after', () => {
    const after = { ...brand, priceMarkup: 1.3, theme: { ...brand.theme, primary: '#000000' } };
    expect(brandDiff(brand, after)).toEqual({
      priceMarkup: { from: 1.23, to: 1.3 },
      'theme.primary': { from: '#008870', to: '#000000' },
    });
    expect(brandDiff(brand, brand)).toEqual({});
    expect(brandDiff(undefined, brand).name).toEqual({ from: null, to: 'Contrail' });
  });
});
