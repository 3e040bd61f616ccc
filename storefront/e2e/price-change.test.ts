/// <reference types="node" />
/**
 * Issue 36 in real Chromium against the real engine (embedded storage, the Duffel and Stripe
 * sandboxes): the airline raises the price while the traveller is on the payment step (the Duffel
 * sandbox's price change: the offer costs more, an order at the old total answers price_changed).
 * Complete Booking shows the old and new totals in a dialog (axe-clean at 1280 and 390 px); the
 * traveller accepts, and the booking goes through with the passenger and seats as entered, the one
 * card authorization made for the new total only.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import type { AxeResults } from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_CHANGE_TEXT } from '@contrail/shared/booking/price-change';
import { toMinorUnits } from '@contrail/shared/booking/money';
import {
  chromiumAvailable,
  ensureStorefrontBuild,
  launchChromium,
  startStorefrontEngine,
  type StorefrontEngine,
} from './support/storefront-engine';
import { resizeTo } from './support/viewport';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { allOfferLinks } from './support/results';

const chromiumThere = chromiumAvailable('the price-change journey');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const shots = process.env.CONTRAIL_SCREENSHOTS;

let engine: StorefrontEngine | undefined;
let browser: Browser;

function searchUrl(): string {
  const params = new URLSearchParams({
    origin: 'JFK',
    destination: 'LAX',
    departureDate: format(addDays(new Date(), 30), 'yyyy-MM-dd'),
    adults: '1',
    children: '0',
    infants: '0',
    cabinClass: 'economy',
    tripType: 'one-way',
  });
  return `${engine!.baseUrl}/search?${params.toString()}`;
}

/** The first offer with seat maps that needs no passport (the form below fills none). */
async function seatedOffer(offerIds: string[]): Promise<string> {
  for (const id of offerIds) {
    const encoded = encodeURIComponent(id);
    const offer = (await (await fetch(`${engine!.baseUrl}/api/flights/offer/${encoded}`)).json()) as {
      passenger_identity_documents_required?: boolean;
    };
    if (offer.passenger_identity_documents_required === true) continue;
    const maps = (await (await fetch(`${engine!.baseUrl}/api/flights/seatmaps/${encoded}`)).json()) as unknown[];
    if (Array.isArray(maps) && maps.length > 0) return id;
  }
  throw new Error('No offer in the results has seat maps and needs no passport');
}

/** axe (WCAG 2.1 A/AA and best practice) on the page as it is, at 1280 and 390 px; a screenshot of each when asked. */
async function axeViolations(page: Page, state: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of [1280, 390]) {
    await resizeTo(page, width, width === 390 ? 844 : 900);
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
    const results = await page.evaluate(() =>
      (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(
        document,
        {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
          resultTypes: ['violations'],
        },
      ),
    );
    found.push(...results.violations.map((violation) => `${violation.id} @${width}: ${violation.help}`));
    if (shots) {
      mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: path.join(shots, `${state}-${width}.png`) });
    }
  }
  await resizeTo(page, 1280, 900);
  return found;
}

const money = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

describe.runIf(chromiumThere)('browser journey: the price changes before payment', () => {
  beforeAll(async () => {
    await ensureStorefrontBuild();
    engine = await startStorefrontEngine('e2e-price-change', { NODE_ENV: 'test' });
    browser = await launchChromium();
  }, scaled(240_000));

  afterAll(async () => {
    await browser?.close();
    await engine?.close();
  });

  it(
    'shows the old and new price, and accepting books at the new price with the form as entered',
    async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.setDefaultTimeout(scaled(30_000));
      const since = new Date(Date.now() - 60_000).toISOString();
      await page.goto(searchUrl());
      const hrefs = await allOfferLinks(page);
      const idOf = (href: string) => decodeURIComponent(href.split('/flight/')[1]!.split('?')[0]!);
      const offerId = await seatedOffer(hrefs.map(idOf));
      await page.locator(`a[href="${hrefs.find((href) => idOf(href) === offerId)}"]`).click();
      await page.getByRole('link', { name: 'Book This Flight' }).first().click();
      await page.waitForURL(/\/booking\?offer=/);

      await page.getByLabel('First name').fill('Ada');
      await page.getByLabel('Last name').fill('Lovelace');
      await page.getByLabel('Date of birth').fill('1985-12-10');
      await page.getByLabel('Email', { exact: true }).fill(`ada.${Date.now()}@example.com`);
      await page.getByLabel('Phone', { exact: true }).fill('+12025550123');
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.getByRole('heading', { name: 'Seat Selection' }).waitFor();
      const maps = page.getByRole('region', { name: /^Seat map,/ });
      await maps.first().waitFor();
      for (let index = 0; index < (await maps.count()); index += 1) {
        await maps
          .nth(index)
          .getByRole('button', { name: /available, / })
          .first()
          .click();
      }
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.getByRole('heading', { name: 'Payment' }).waitFor();
      const summary = page.getByRole('region', { name: 'Order summary' });
      const seen = money((await summary.textContent())?.match(/Total(\$[\d,.]+)/)?.[1] ?? null);
      expect(seen).toBeGreaterThan(0);
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Card holder name').fill('Ada Lovelace');
      await page.getByLabel('Month (MM)').fill('12');
      await page.getByLabel('Year (YY or YYYY)').fill('2030');
      await page.getByLabel('CVV').fill('123');

      // The airline raises the fare by a fifth while the traveller pays.
      engine!.runtime.sandboxes!.duffel!.faults.changePrice(offerId, 1.2);
      await page.getByRole('button', { name: 'Complete Booking' }).click();
      const dialog = page.getByRole('dialog', { name: PRICE_CHANGE_TEXT.title });
      await dialog.waitFor();
      const [previous, current] = await dialog.locator('dd').allTextContents();
      expect(money(previous!)).toBe(seen);
      const newTotal = money(current!);
      expect(newTotal).toBeGreaterThan(seen);
      // Keyboard: focus is inside the dialog.
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      expect(await axeViolations(page, 'h36a-price-change-dialog')).toEqual([]);

      await dialog.getByRole('button', { name: PRICE_CHANGE_TEXT.accept }).click();
      await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor({ timeout: scaled(90_000) });
      const confirmation = (await page.locator('main').textContent()) ?? '';
      expect(confirmation).toContain('Primary passengerAda Lovelace');
      expect(confirmation).toMatch(/Seat, .*· Ada Lovelace/);
      expect(money(await page.getByText('Total paid').locator('..').textContent())).toBe(newTotal);

      // The Stripe sandbox holds one card payment since the journey began: the new total, nothing at the old one.
      const payments = await engine!.runtime.deps.payments!.listSince(since);
      expect(payments.map((payment) => payment.amount)).toEqual([
        { amount: toMinorUnits(newTotal, 'USD'), currency: 'USD' },
      ]);
      await page.close();
    },
    scaled(300_000),
  );
});
