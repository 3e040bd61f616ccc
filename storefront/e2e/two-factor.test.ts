/// <reference types="node" />
/**
 * Issue 31: two-factor authentication in real Chromium against the real engine (production
 * headers, so the QR code is shown under the real Content-Security-Policy). The first admin signs in
 * with the password, is sent to enrol before anything else, scans (reads the key), confirms with a
 * code, keeps the recovery codes, signs out, and signs in again with a newly generated code.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { totpCode } from './support/totp-code';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumAvailable,
  ensureStorefrontBuild,
  launchChromium,
  startStorefrontEngine,
  type StorefrontEngine,
} from './support/storefront-engine';
import { scaled } from '@contrail/shared/test-support/time-scale';

const chromiumThere = chromiumAvailable('the two-factor browser test');
const STEP_MS = 30_000;

let engine: StorefrontEngine | undefined;
let browser: Browser;

async function signInWithPassword(page: Page, password: string) {
  await page.goto(`${engine!.baseUrl}/login?redirect=/admin-settings`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

describe.runIf(chromiumThere)('two-factor authentication in the browser', () => {
  beforeAll(async () => {
    await ensureStorefrontBuild();
    engine = await startStorefrontEngine('two-factor-engine', {
      NODE_ENV: 'production',
      SANDBOXES_ENABLED: 'true',
      TWO_FACTOR_REQUIRED: 'staff',
    });
    browser = await launchChromium();
  }, scaled(240_000));

  afterAll(async () => {
    await browser?.close();
    await engine?.close();
  });

  it(
    'enrols the admin at first sign-in, signs out, and signs in with a generated code',
    async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.setDefaultTimeout(scaled(20_000));
      const refused: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') refused.push(message.text());
      });
      const password = readFileSync(path.join(engine!.dataDir, 'initial-admin-password'), 'utf8').trim();

      await signInWithPassword(page, password);
      await page.getByRole('heading', { name: 'Set Up Two-Factor Authentication' }).waitFor();
      // Nobody is signed in yet: the admin pages are out of reach.
      expect(
        (await page.request.get(`${engine!.baseUrl}/api/admin/settings`, { timeout: scaled(30_000) })).status(),
      ).toBe(401);
      const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' });
      await qr.waitFor();
      expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      const secret = (await page.getByLabel('Setup key').innerText()).replace(/\s/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await page.getByLabel('2. Enter the 6-digit code the app shows').fill(totpCode(secret, new Date()));
      await page.getByRole('button', { name: 'Verify and enable' }).click();
      const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      await codes.first().waitFor();
      expect(await codes.count()).toBe(10);
      // The QR code and the enrolment ran under the real Content-Security-Policy without a refusal.
      expect(refused.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((url) => url.pathname === '/admin-settings');
      await page.getByRole('heading', { level: 1 }).waitFor();

      await page.goto(`${engine!.baseUrl}/account-settings?tab=security`);
      await page.getByText('Enabled since').waitFor();
      await page.getByText('10 of 10').waitFor();

      await page.getByRole('button', { name: 'Open account menu' }).click();
      await page.getByRole('menuitem', { name: 'Log Out' }).click();
      await page.waitForURL(`${engine!.baseUrl}/`);

      await signInWithPassword(page, password);
      await page.getByRole('heading', { name: 'Two-Factor Authentication' }).waitFor();
      // The code of the next step (allowed drift): the enrolment spent the current one.
      await page.getByLabel('Authentication code').fill(totpCode(secret, new Date(Date.now() + STEP_MS)));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL((url) => url.pathname === '/admin-settings');
      await page.getByRole('heading', { level: 1 }).waitFor();
      const settings = await page.request.get(`${engine!.baseUrl}/api/admin/settings`, { timeout: scaled(30_000) });
      // Said in full when it fails: which answer, and what the page shows.
      const shown = `${settings.status()} ${await settings.text()}; page: ${await page.getByRole('heading', { level: 1 }).innerText()}`;
      expect(settings.status(), shown).toBe(200);
      await page.close();
    },
    scaled(180_000),
  );
});
