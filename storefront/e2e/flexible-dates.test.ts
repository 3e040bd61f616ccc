/// <reference types="node" />
/**
 * Issue 34 in real Chromium against the real engine (embedded storage, the Duffel sandbox): the
 * results page's 7×7 calendar fills in, its cheapest cell runs that search, and the results'
 * cheapest card costs what the cell said and books at that price; on a phone the one-way strip stays
 * within the screen.
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
import { bookWithoutSeats } from './support/booking-steps';
import { scaled } from '@contrail/shared/test-support/time-scale';

const chromiumThere = chromiumAvailable('the flexible-dates journey');

let engine: StorefrontEngine | undefined;
let browser: Browser;

const day = (offset: number) => format(addDays(new Date(), offset), 'yyyy-MM-dd');
const PRICE = /\$\d{1,3}(?:,\d{3})*(?:\.\d\d)?/;

function searchUrl(returning: boolean): string {
  const params = new URLSearchParams({
    origin: 'SEA',
    destination: 'SFO',
    departureDate: day(30),
    adults: '1',
    children: '0',
    infants: '0',
    cabinClass: 'economy',
    tripType: returning ? 'round-trip' : 'one-way',
    flexibleDates: '1',
  });
  if (returning) params.set('returnDate', day(37));
  return `${engine!.baseUrl}/search?${params.toString()}`;
}

async function calendarSettled(page: Page) {
  await page.locator('section[aria-labelledby="price-calendar-title"][aria-busy="false"]').waitFor();
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

describe.runIf(chromiumThere)('browser journey: flexible dates', () => {
  beforeAll(async () => {
    await ensureStorefrontBuild();
    engine = await startStorefrontEngine('e2e-flexible-dates', { NODE_ENV: 'test' });
    browser = await launchChromium();
  }, scaled(240_000));

  afterAll(async () => {
    await browser?.close();
    await engine?.close();
  });

  it(
    'picks the cheapest day of the 7×7 grid, lists a flight at that price and books it',
    async () => {
      await withPage(1280, async (page) => {
        await page.goto(searchUrl(true));
        await calendarSettled(page);
        const grid = page.getByRole('table');
        expect(await grid.getByRole('button').count()).toBe(49);
        const cheapest = grid.getByRole('button', { name: /, cheapest/ }).first();
        const name = (await cheapest.textContent())!;
        const price = PRICE.exec(name)![0];
        const [, departing, returning] = /Departing (.+), returning (.+?):/.exec(name)!;
        await cheapest.click();
        const summary = page.locator('[aria-label="Search summary"]').first();
        const bound = { timeout: scaled(60_000), interval: 200 };
        await expect
          .poll(async () => (await summary.textContent()) ?? '', bound)
          .toContain(`${departing} – ${returning}`);
        const firstCard = page.getByRole('list', { name: 'Flight offers' }).getByRole('listitem').first();
        await expect.poll(async () => PRICE.exec((await firstCard.textContent()) ?? '')?.[0], bound).toBe(price);
        await firstCard.getByRole('link', { name: /^View details/ }).click();
        await page.waitForURL(/\/flight\//);
        expect(await bookWithoutSeats(page, 1)).toContain(price);
      });
    },
    scaled(300_000),
  );

  it(
    'on a phone, the one-way strip scrolls within its card and the page does not scroll sideways',
    async () => {
      await withPage(390, async (page) => {
        await page.goto(searchUrl(false));
        await calendarSettled(page);
        expect(await page.getByRole('list', { name: 'Departure dates' }).getByRole('button').count()).toBe(7);
        const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(pageWidth).toBeLessThanOrEqual(390);
      });
    },
    scaled(120_000),
  );
});
