import { DEFAULT_BRAND } from '@contrail/shared/brand/default-brand';
import { NEUTRAL_CLASS, SHELL_NAME, SHELL_PHONE, telHref } from '@contrail/shared/brand/first-paint';
import { describe, expect, it } from 'vitest';
import { brandedShell } from './brand-shell.js';

/** A prerendered first screen as storefront/src/app/shell/shells.tsx renders it: placeholders for the brand. */
const SHELL = `<!doctype html><html><head><title>Contrail</title></head><body><div id="root"><div inert class="${NEUTRAL_CLASS} flex min-h-screen"><a aria-label="${SHELL_NAME} home" href="/"><span>${SHELL_NAME}</span></a><a href="${telHref(SHELL_PHONE)}"><span>${SHELL_PHONE}</span></a><a href="${telHref(SHELL_PHONE)}">Call now ${SHELL_PHONE}</a></div></div></body></html>`;

describe('a first screen in the brand of the request (issue 33 item 13)', () => {
  it("given the default brand, when its page is served, then its name, phone and the build's colours show", () => {
    const html = brandedShell(SHELL, DEFAULT_BRAND, true);
    expect(html).not.toContain(SHELL_NAME);
    expect(html).not.toContain(SHELL_PHONE);
    expect(html).not.toContain(NEUTRAL_CLASS);
    expect(html).toContain(`aria-label="${DEFAULT_BRAND.name} home"`);
    expect(
      html.match(new RegExp(`href="${telHref(DEFAULT_BRAND.contact.phone).replace('+', '\\+')}"`, 'g')),
    ).toHaveLength(2);
    expect(html).toContain(`<span>${DEFAULT_BRAND.contact.phone}</span>`);
    expect(html).not.toContain('<link rel="stylesheet"');
  });

  it('given a brand of its own colours, when its page is served, then its stylesheet is linked and its text escaped', () => {
    const brand = {
      ...DEFAULT_BRAND,
      key: 'fly.example',
      name: 'Fly <b>"bold"</b> & far',
      contact: { ...DEFAULT_BRAND.contact, phone: '+1 (800) 555-0199' },
    };
    const html = brandedShell(SHELL, brand, false);
    expect(html).toContain('<span>Fly &lt;b&gt;&quot;bold&quot;&lt;/b&gt; &amp; far</span>');
    expect(html).toContain('href="tel:+18005550199"');
    expect(html).toContain('<span>+1 (800) 555-0199</span>');
    expect(html).toContain('<link rel="stylesheet" href="/brand-theme.css?brand=fly.example"></head>');
  });

  it('leaves a page without a prerendered screen as it is, but for the stylesheet', () => {
    const plain = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
    expect(brandedShell(plain, DEFAULT_BRAND, true)).toBe(plain);
  });
});
