/// <reference types="node" />
/**
 * Issue 35 in real Chromium against the real engine (embedded storage, the Duffel sandbox): a
 * traveller says each of two brings one checked bag, sorts by Best, books the Best offer, and the
 * payment step's total is the card's price; the details page shows the fare brands of the same
 * flights, and choosing one opens that offer with the same search and bags.
 */
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumAvailable,
  ensureStorefrontBuild,
  launchChromium,
  startStorefrontEngine,
  type StorefrontEngine,
} from './support/storefront-engine';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { fillCard } from './support/booking-steps';

const chromiumThere = chromiumAvailable('the price-with-my-bags journey');

let engine: StorefrontEngine | undefined;
let browser: Browser;

function searchUrl(): string {
  const params = new URLSearchParams({
    origin: 'JFK',
    destination: 'LAX',
    departureDate: format(addDays(new Date(), 30), 'yyyy-MM-dd'),
    adults: '2',
    children: '0',
    infants: '0',
    cabinClass: 'economy',
    tripType: 'one-way',
  });
  return `${engine!.baseUrl}/search?${params.toString()}`;
}

async function withPage(width: number, work: (page: Page) => Promise<void>) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  page.setDefaultTimeout(scaled(30_000));
  try {
    await work(page);
  } finally {
    await page.close();
  }
}

describe.runIf(chromiumThere)('browser journey: the price with my bags', () => {
  beforeAll(async () => {
    await ensureStorefrontBuild();
    engine = await startStorefrontEngine('e2e-bags', { NODE_ENV: 'test' });
    browser = await launchChromium();
  }, scaled(240_000));

  afterAll(async () => {
    await browser?.close();
    await engine?.close();
  });

  it(
    'books the Best offer with one checked bag each, and pays exactly the card price',
    async () => {
      await withPage(1280, async (page) => {
        await page.goto(searchUrl());
        await page
          .getByRole('link', { name: /^View details/ })
          .first()
          .waitFor();
        await page.getByLabel('Checked bags').selectOption('1');
        await page.getByText('total with your bags').first().waitFor();
        await page.getByLabel('Sort by').selectOption('best');
        await page.waitForURL(/checkedBags=1.*sort=best|sort=best.*checkedBags=1/);
        // The engine answered in Best order with the bags: every card shows its price with them.
        await expect
          .poll(async () => (await page.getByRole('article').first().getAttribute('aria-label')) ?? '')
          .toMatch(/\$/);
        const best = page.getByRole('article').first();
        await best.getByText(/total (with your bags|without bags)/).waitFor();
        const cardPrice = (await best.getAttribute('aria-label'))!.split(', ').at(-1)!;
        await best.getByRole('link', { name: /^View details/ }).click();
        await page.waitForURL(/\/flight\/.*checkedBags=1/);

        // The fare brands of the same flights, side by side.
        const brands = page.getByRole('list', { name: 'Fare brands' });
        await brands.waitFor();
        expect(await brands.getByRole('listitem').count()).toBeGreaterThan(1);

        await page.getByRole('link', { name: 'Book This Flight' }).first().click();
        await page.waitForURL(/\/booking\?offer=.*checkedBags=1/);
        for (let index = 0; index < 2; index += 1) {
          await page
            .getByLabel('First name')
            .nth(index)
            .fill(index === 0 ? 'Ada' : 'Charles');
          await page
            .getByLabel('Last name')
            .nth(index)
            .fill(index === 0 ? 'Lovelace' : 'Babbage');
          await page.getByLabel('Date of birth').nth(index).fill('1985-12-10');
        }
        await page.getByLabel('Email', { exact: true }).fill(`ada.${Date.now()}@example.com`);
        await page.getByLabel('Phone', { exact: true }).fill('+12025550123');
        await page.getByRole('button', { name: 'Continue to Payment' }).click();
        // Checkout pre-selected the bags the card was priced with.
        const bags = page.getByRole('region', { name: 'Bags' });
        await bags.waitFor();
        expect(await bags.getByLabel('Checked bags').inputValue()).toBe('1');
        await page.getByRole('button', { name: 'Skip Seat Selection' }).click();
        await page.getByRole('heading', { name: 'Payment' }).waitFor();
        const summary = page.getByRole('region', { name: 'Order summary' });
        await expect.poll(async () => (await summary.textContent())?.match(/Total(\$[\d,.]+)/)?.[1]).toBe(cardPrice);

        await fillCard(page, '4242 4242 4242 4242');
        await page.getByRole('button', { name: 'Complete Booking' }).click();
        await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor({ timeout: scaled(90_000) });
        const paid = await page.getByText('Total paid').locator('..').textContent();
        expect(paid).toContain(cardPrice);
      });
    },
    scaled(300_000),
  );
});
