import { describe, expect, it } from 'vitest';
import { brandKeyFromLocation } from './brand-key.js';

describe('brandKeyFromLocation', () => {
  it('uses a bare two-part host as the key', () => {
    expect(brandKeyFromLocation('skyhop.com')).toBe('skyhop.com');
  });

  it('drops a leading www and lower-cases', () => {
    expect(brandKeyFromLocation('WWW.SkyHop.com')).toBe('skyhop.com');
    expect(brandKeyFromLocation('www.skyhop.co.uk')).toBe('skyhop.co.uk');
  });

  it('reads ?brand= on localhost, IP addresses and single-label hosts', () => {
    expect(brandKeyFromLocation('localhost', '?brand=skyhop.com')).toBe('skyhop.com');
    expect(brandKeyFromLocation('127.0.0.1', '?brand=Acme')).toBe('acme');
    expect(brandKeyFromLocation('[::1]', 'brand=acme')).toBe('acme');
    expect(brandKeyFromLocation('devbox', '?x=1&brand=acme')).toBe('acme');
  });

  it('falls back to "default" without a usable parameter', () => {
    expect(brandKeyFromLocation('localhost')).toBe('default');
    expect(brandKeyFromLocation('10.0.0.5', '?brand=')).toBe('default');
    expect(brandKeyFromLocation('localhost', '?brand=../admin')).toBe('default');
    expect(brandKeyFromLocation('localhost', '?brand=acme-')).toBe('default');
    expect(brandKeyFromLocation('localhost', '?brand=a')).toBe('a');
  });

  it('falls back to the key this tab remembered, where ?brand= chooses the brand', () => {
    expect(brandKeyFromLocation('localhost', '', 'acme')).toBe('acme');
    expect(brandKeyFromLocation('localhost', '?brand=other', 'acme')).toBe('other');
    expect(brandKeyFromLocation('localhost', '', '../x')).toBe('default');
    expect(brandKeyFromLocation('skyhop.com', '', 'acme')).toBe('skyhop.com');
  });

  it('ignores ?brand= on a real host name', () => {
    expect(brandKeyFromLocation('skyhop.com', '?brand=other')).toBe('skyhop.com');
  });
});
