/// <reference types="node" />
/**
 * Issue 32: a platform admin sets a brand's pricing rules in the brand manager, in real Chromium
 * against the real engine: the preview prices a made-up trip with the rules as edited (the shared
 * priceOffer checkout uses), the change is saved with its reason, shown in the brand history, and
 * the storefront's brand answers with the new rules.
 */
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFirstAdmin } from './support/admin-sign-in';
import {
  chromiumAvailable,
  ensureStorefrontBuild,
  launchChromium,
  startStorefrontEngine,
  type StorefrontEngine,
} from './support/storefront-engine';
import { scaled } from '@contrail/shared/test-support/time-scale';

const chromiumThere = chromiumAvailable('the pricing rules browser test');

let engine: StorefrontEngine | undefined;
let browser: Browser;

describe.runIf(chromiumThere)('pricing rules in the brand manager', () => {
  beforeAll(async () => {
    await ensureStorefrontBuild();
    engine = await startStorefrontEngine('pricing-rules-engine', { NODE_ENV: 'production', SANDBOXES_ENABLED: 'true' });
    browser = await launchChromium();
  }, scaled(240_000));

  afterAll(async () => {
    await browser?.close();
    await engine?.close();
  });

  it(
    'previews, adds a rule and saves it with a reason; the brand then prices by it',
    async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.setDefaultTimeout(scaled(20_000));
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await signInFirstAdmin(page.request, engine!.baseUrl, engine!.dataDir);
      await page.goto(`${engine!.baseUrl}/admin/brands?edit=nordlys`);
      const form = page.getByRole('form', { name: 'Pricing rules' });
      const preview = form.getByRole('status');
      // The demo brand's default is +30%: 812.40 x 1.3 = 1056.12, rounded up to whole dollars.
      await expect
        .poll(() => preview.textContent(), { timeout: scaled(20_000) })
        .toBe('JFK-LHR Economy, 2 adults: provider 812.40 → traveller 1057.00, margin 244.60 (default rule)');

      await form.getByRole('button', { name: 'Add rule' }).press('Enter');
      await form.getByLabel('Name', { exact: true }).fill('To the UK');
      await form.getByLabel('To', { exact: true }).first().fill('GB');
      await form.getByLabel('Percentage (%)').first().fill('12');
      await expect.poll(() => preview.textContent()).toContain('traveller 910.00, margin 97.60 (To the UK)');
      await form.getByLabel('Why this change').fill('Spring offer to London');
      await form.getByRole('button', { name: 'Save pricing' }).click();
      await page.getByText('Pricing Saved').first().waitFor();
      await page.getByText('Why: Spring offer to London').waitFor();

      const brand = (await (await page.request.get(`${engine!.baseUrl}/api/brands/nordlys`)).json()) as {
        pricing: { rules: Array<{ name: string; match: object; percent: number }> };
      };
      expect(brand.pricing.rules.at(-1)).toMatchObject({
        name: 'To the UK',
        match: { destination: 'GB' },
        percent: 12,
      });
      expect(errors).toEqual([]);
      await page.close();
    },
    scaled(120_000),
  );
});
