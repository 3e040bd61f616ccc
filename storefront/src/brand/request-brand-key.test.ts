import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BRAND_SESSION_KEY, readStartupBrandKey } from './request-brand-key';

describe('the brand key at start-up', () => {
  beforeEach(() => window.sessionStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it("on a brand's own domain is the host name, and opens no storage", () => {
    const storage = vi.spyOn(window, 'sessionStorage', 'get');
    expect(readStartupBrandKey({ hostname: 'www.skyfares.com', search: '?brand=other' })).toBe('skyfares.com');
    expect(storage).not.toHaveBeenCalled();
  });

  it('on localhost takes ?brand= and remembers it for the tab', () => {
    expect(readStartupBrandKey({ hostname: 'localhost', search: '?brand=skyfares.com' })).toBe('skyfares.com');
    expect(window.sessionStorage.getItem(BRAND_SESSION_KEY)).toBe('skyfares.com');
    expect(readStartupBrandKey({ hostname: '127.0.0.1', search: '' })).toBe('skyfares.com');
  });

  it('on localhost without a choice is the default brand', () => {
    expect(readStartupBrandKey({ hostname: 'localhost', search: '' })).toBe('default');
  });
});
