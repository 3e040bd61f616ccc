/// <reference types="node" />
/**
 * Issue 31: every admin page in real Chromium against the real engine (production headers and
 * Content-Security-Policy), on a laptop and a phone: signed out, an admin address shows the sign-in
 * page and comes back after it; signed in, no page writes an error to the console. A disabled
 * brand's domain shows a neutral page.
 */
import { DEFAULT_BRAND } from '@contrail/shared/brand/default-brand';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFirstAdmin } from './support/admin-sign-in';
import {
  chromiumAvailable,
  ensureStorefrontBuild,
  launchChromium,
  startStorefrontEngine,
  type StorefrontEngine,
} from './support/storefront-engine';
import { resizeTo, settled } from './support/viewport';
import { scaled } from '@contrail/shared/test-support/time-scale';

const chromiumThere = chromiumAvailable('the admin pages browser test');

/** Each admin page and what shows once it has loaded. */
const ADMIN_PAGES = [
  { path: '/admin-settings', ready: 'Mode Switches' },
  { path: '/admin/brands', ready: 'Brand Manager' },
  { path: '/admin/support', ready: 'Payments and orders reconciliation' },
  { path: '/admin/inbox', ready: 'Inbox' },
  { path: '/admin/revenue', ready: 'Revenue' },
  { path: '/admin/staff', ready: 'Staff' },
  { path: '/admin/webhooks', ready: 'Webhooks' },
];

let engine: StorefrontEngine | undefined;
let browser: Browser;

/** Console errors and uncaught exceptions of a page, as they happen. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

describe.runIf(chromiumThere)('the admin pages in the browser', () => {
  beforeAll(async () => {
    await ensureStorefrontBuild();
    engine = await startStorefrontEngine('admin-pages-engine', { NODE_ENV: 'production', SANDBOXES_ENABLED: 'true' });
    browser = await launchChromium();
  }, scaled(240_000));

  afterAll(async () => {
    await browser?.close();
    await engine?.close();
  });

  it(
    'shows a signed-out visitor the sign-in page, which returns to the admin page asked for',
    async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.setDefaultTimeout(scaled(20_000));
      await page.goto(`${engine!.baseUrl}/admin/staff`);
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin/staff');
      await page.getByRole('button', { name: 'Log In' }).waitFor();
      await page.close();
    },
    scaled(60_000),
  );

  it(
    'opens every admin page at 1280 and 390 px without a console error',
    async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.setDefaultTimeout(scaled(30_000));
      await signInFirstAdmin(page.request, engine!.baseUrl, engine!.dataDir);
      const errors = consoleErrors(page);
      for (const [width, height] of [
        [1280, 900],
        [390, 844],
      ] as const) {
        await resizeTo(page, width, height);
        for (const { path, ready } of ADMIN_PAGES) {
          await page.goto(`${engine!.baseUrl}${path}`);
          await page.getByText(ready, { exact: true }).first().waitFor();
          await settled(page);
          expect(new URL(page.url()).pathname, `${path} at ${width} px`).toBe(path.split('?')[0]);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${path} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
        }
      }
      expect(errors).toEqual([]);
      await page.close();
    },
    scaled(240_000),
  );

  it(
    "shows a disabled brand's domain a neutral page, not the platform's brand",
    async () => {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      page.setDefaultTimeout(scaled(20_000));
      await signInFirstAdmin(page.request, engine!.baseUrl, engine!.dataDir);
      const brand = {
        key: 'closed.example',
        name: 'Closed Air',
        domain: 'closed.example',
        logo: '',
        theme: DEFAULT_BRAND.theme,
        contact: { email: 'help@closed.example', phone: '+1 555 0100', address: '' },
        social: DEFAULT_BRAND.social,
      };
      const created = await page.request.post(`${engine!.baseUrl}/api/admin/brands`, { data: brand });
      expect(created.status(), await created.text()).toBe(201);
      const disabled = await page.request.post(`${engine!.baseUrl}/api/admin/brands/closed.example/disable`);
      expect(disabled.status(), await disabled.text()).toBe(200);
      await page.goto(`${engine!.baseUrl}/?brand=closed.example`);
      await page.getByRole('heading', { name: 'This site is not available.' }).waitFor();
      expect(await page.title()).toBe('Site not available');
      expect(await page.locator('body').innerText()).not.toMatch(/Contrail|Closed Air/);
      await page.close();
    },
    scaled(60_000),
  );
});
