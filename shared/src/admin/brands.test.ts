import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '../brand/default-brand.js';
import { DEFAULT_PRICING } from '../pricing/pricing.js';
import { applyBrandPatch, brandDiff, brandKeySchema, brandUpdateSchema, newBrandSchema } from './brands.js';

const brand = { ...DEFAULT_BRAND, key: 'skyfares.com', domain: 'skyfares.com' };

describe('brand management rules', () => {
  it('accepts host names and slugs as keys, never the built-in default', () => {
    expect(brandKeySchema.parse(' SkyFares.com ')).toBe('skyfares.com');
    expect(brandKeySchema.safeParse('sky-fares').success).toBe(true);
    for (const bad of ['default', '-sky', 'sky-', 'sky fares', ''])
      expect(brandKeySchema.safeParse(bad).success).toBe(false);
  });

  it("defaults the pricing to the seed's x 1.23 and folds the domain to lower case", () => {
    const { pricing: _pricing, ...rest } = brand;
    const parsed = newBrandSchema.parse({ ...rest, domain: 'SkyFares.COM' });
    expect(parsed.pricing).toEqual(DEFAULT_PRICING);
    expect(parsed.domain).toBe('skyfares.com');
  });

  it('takes https addresses and paths on this site for the logo, https for social links, empty for none', () => {
    const accepts = (logo: string, facebook = '') =>
      newBrandSchema.safeParse({ ...brand, logo, social: { ...brand.social, facebook } }).success;
    expect(accepts('https://cdn.example/sky.svg?v=2', 'https://facebook.com/sky')).toBe(true);
    expect(accepts('/brand-logos/skyhop.svg')).toBe(true);
    expect(accepts('')).toBe(true);
    for (const logo of [
      'javascript:alert(1)',
      'data:image/svg+xml,<svg/>',
      'http://cdn.example/sky.svg',
      '//evil.example/x.svg',
      '/\\evil.example/x.svg',
      'https://user:pw@cdn.example/x.svg',
      'https://cdn.example/x.svg" onerror="alert(1)',
      'logo.svg',
    ]) {
      expect(accepts(logo), logo).toBe(false);
    }
    for (const link of ['javascript:alert(1)', 'http://facebook.com/sky', '/sky', 'https://'])
      expect(accepts('', link), link).toBe(false);
  });

  it('takes a host name of two labels or more as the domain, or none', () => {
    const accepts = (domain: string) => newBrandSchema.safeParse({ ...brand, domain }).success;
    for (const domain of ['skyfares.com', 'www.sky-fares.co.uk', 'xn--bcher-kva.example', ''])
      expect(accepts(domain), domain).toBe(true);
    for (const domain of ['localhost', '10.0.0.1', 'sky fares.com', '-sky.com', 'sky.com.', 'evil.example"><script>'])
      expect(accepts(domain), domain).toBe(false);
  });

  it('takes names, phones and addresses as plain text only', () => {
    const field = (name: string, address = '') =>
      newBrandSchema.safeParse({ ...brand, name, contact: { ...brand.contact, address } });
    expect(field('Ünïcode Air & Co', "1 Rue de l'Église, Paris").success).toBe(true);
    for (const name of ['<b>Sky</b>', 'Sky\nFares', 'Sky\u202EFares', 'Sky\u0000']) {
      expect(field(name).error?.issues.map((issue) => issue.message)).toEqual([
        'Name must be plain text, without < > or control characters',
      ]);
    }
    expect(field('Sky', '<script>').error?.issues[0]?.path).toEqual(['contact', 'address']);
  });

  it('takes a bundled font, or on update the brand’s own earlier family name while unchanged', () => {
    const withFont = (font: string) => ({ ...brand, theme: { ...brand.theme, font } });
    expect(newBrandSchema.safeParse(withFont('Lora')).success).toBe(true);
    expect(newBrandSchema.safeParse(withFont('Georgia')).error?.issues[0]?.message).toBe(
      'Font must be one of Inter, Lora, Montserrat',
    );
    expect(brandUpdateSchema(withFont('Georgia')).safeParse(withFont('Georgia')).success).toBe(true);
    expect(brandUpdateSchema(withFont('Georgia')).safeParse(withFont('Arial')).success).toBe(false);
    const css = 'Inter; } body { display: none';
    expect(brandUpdateSchema(withFont(css)).safeParse(withFont(css)).success).toBe(false);
  });

  it('merges theme, contact and social field by field and replaces the rest; the key stays', () => {
    const merged = applyBrandPatch(brand, { name: 'Sky', theme: { accent: '#f59e0b' }, key: 'other' });
    expect(merged).toEqual({ ...brand, name: 'Sky', theme: { ...brand.theme, accent: '#f59e0b' } });
  });

  it('lists changed fields by path, with before and after', () => {
    const after = { ...brand, markupKeptOnRefund: false, theme: { ...brand.theme, primary: '#000000' } };
    expect(brandDiff(brand, after)).toEqual({
      markupKeptOnRefund: { from: true, to: false },
      'theme.primary': { from: '#008870', to: '#000000' },
    });
    expect(brandDiff(brand, brand)).toEqual({});
    expect(brandDiff(brand, structuredClone(brand))).toEqual({});
    expect(brandDiff(undefined, brand).name).toEqual({ from: null, to: 'Contrail' });
  });
});
