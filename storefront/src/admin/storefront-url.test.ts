import { describe, expect, it } from 'vitest';
import { storefrontUrl } from './storefront-url';

const brand = { key: 'skyfares.com', domain: 'www.skyfares.com' };

describe('storefrontUrl', () => {
  it('opens the brand on this site with ?brand= where the host does not name the brand', () => {
    expect(storefrontUrl(brand, { hostname: 'localhost', protocol: 'http:' })).toBe('/?brand=skyfares.com');
    expect(storefrontUrl(brand, { hostname: '10.0.0.7', protocol: 'http:' })).toBe('/?brand=skyfares.com');
  });

  it("opens the brand's own domain on a named host, or ?brand= when it has none", () => {
    expect(storefrontUrl(brand, { hostname: 'admin.contrail.travel', protocol: 'https:' })).toBe(
      'https://www.skyfares.com/',
    );
    expect(
      storefrontUrl({ key: 'new.example', domain: '' }, { hostname: 'admin.contrail.travel', protocol: 'https:' }),
    ).toBe('/?brand=new.example');
  });
});
