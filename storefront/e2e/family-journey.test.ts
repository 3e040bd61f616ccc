/// <reference types="node" />
/**
 * Issue 33's "done when", in real Chromium against the real engine (embedded storage, the Duffel
 * and Stripe sandboxes): a family of three (two adults, a child) brings a checked bag each, books
 * an offer with seat maps, presses "Seat us together" on every flight and gets neighbouring seats,
 * and the total the payment step shows is what the card is charged, as the Stripe sandbox recorded it.
 */
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { fillCard, fillTravellers, offerFacts } from './support/booking-steps';
import {
  chromiumAvailable,
  ensureStorefrontBuild,
  launchChromium,
  startStorefrontEngine,
  type StorefrontEngine,
} from './support/storefront-engine';
import { allOfferLinks } from './support/results';

const chromiumThere = chromiumAvailable('the family journey');

let engine: StorefrontEngine | undefined;
let browser: Browser;

const FAMILY = [
  { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1985-12-10' },
  { firstName: 'William', lastName: 'Lovelace', dateOfBirth: '1983-03-04' },
  { firstName: 'Byron', lastName: 'Lovelace', dateOfBirth: '2018-04-02' },
];

function searchUrl(): string {
  const params = new URLSearchParams({
    origin: 'JFK',
    destination: 'LAX',
    departureDate: format(addDays(new Date(), 30), 'yyyy-MM-dd'),
    adults: '2',
    children: '1',
    infants: '0',
    cabinClass: 'economy',
    tripType: 'one-way',
  });
  return `${engine!.baseUrl}/search?${params.toString()}`;
}

/** "$1,234" as whole cents. */
const cents = (shown: string) => Math.round(Number(shown.replace(/[$,]/g, '')) * 100);

/** The offer links of the results, with their offer ids. */
async function resultOffers(page: Page): Promise<Array<{ href: string; id: string }>> {
  const hrefs = await allOfferLinks(page);
  return hrefs.map((href) => ({ href, id: decodeURIComponent(href.split('/flight/')[1]!.split('?')[0]!) }));
}

/** The first offer a family can book as this journey does: no passports, seat maps, checked bags for sale. */
async function familyOffer(offers: Array<{ href: string; id: string }>) {
  for (const offer of offers) {
    const facts = await offerFacts(engine!.baseUrl, offer.id);
    if (!facts.passportsRequired && facts.hasSeatMaps && facts.sellsCheckedBags) return offer;
  }
  throw new Error('No offer in the results sells checked bags and has seat maps');
}

/** Each passenger's seat on one flight, as the seat step's passenger buttons show it ("12A"). */
async function seatsShown(page: Page, map: number): Promise<string[]> {
  const group = page.getByRole('radiogroup', { name: /^Choosing a seat on/ }).nth(map);
  const labels = await group.getByRole('radio').allTextContents();
  return labels.map((label) => /: (\d+[A-Z])/.exec(label)?.[1] ?? 'none');
}

/** The amount of the one payment the Stripe sandbox recorded, and its status. */
async function recordedCharge(): Promise<{ amount: number; status: string }[]> {
  const { rows } = await engine!.runtime.deps.sql.query<{ body: { amount: number; status: string } }>(
    "SELECT body FROM stripe_sandbox_objects WHERE kind = 'payment_intent'",
  );
  return rows.map(({ body }) => ({ amount: body.amount, status: body.status }));
}

describe.runIf(chromiumThere)('browser journey: a family seated together with a bag each', () => {
  beforeAll(async () => {
    await ensureStorefrontBuild();
    engine = await startStorefrontEngine('e2e-family', { NODE_ENV: 'test' });
    browser = await launchChromium();
  }, scaled(240_000));

  afterAll(async () => {
    await browser?.close();
    await engine?.close();
  });

  it(
    'books two adults and a child side by side with a checked bag each, and charges the total shown',
    async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.setDefaultTimeout(scaled(30_000));
      try {
        await page.goto(searchUrl());
        await page.getByLabel('Checked bags').selectOption('1');
        await page.waitForURL(/checkedBags=1/);
        const chosen = await familyOffer(await resultOffers(page));
        // Issue 33 item 13: each card shows its airline's badge from this origin, loaded under the CSP.
        const logo = page.locator('img[src^="/airline-logos/"]').first();
        await expect
          .poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
          .toBe(true);
        await page.locator(`a[href="${chosen.href}"]`).click();
        await page.waitForURL(/\/flight\/.*checkedBags=1/);
        await page.getByRole('link', { name: 'Book This Flight' }).first().click();

        // Passengers: two adults and a child.
        await page.waitForURL(/\/booking\?offer=.*children=1/);
        await page.getByRole('heading', { name: 'Passenger 3: Child (2-11 years)' }).waitFor();
        await fillTravellers(page, FAMILY);
        await page.getByRole('button', { name: 'Continue to Payment' }).click();

        // A checked bag each, pre-selected from the results and bought for all three.
        const bags = page.getByRole('region', { name: 'Bags' });
        await bags.waitFor();
        expect(await bags.getByLabel('Checked bags').inputValue()).toBe('1');
        await expect
          .poll(() => bags.getByRole('status').textContent())
          .toMatch(/^(3 bags added for \$[\d,]+|Your fare includes these bags)\.$/);

        // Seat us together, on every flight.
        const maps = page.getByRole('region', { name: /^Seat map,/ });
        await maps.first().waitFor();
        const flights = await maps.count();
        expect(flights).toBeGreaterThan(0);
        const together = page.getByRole('button', { name: 'Seat us together' });
        for (let map = 0; map < flights; map += 1) {
          await together.nth(map).click();
          await expect.poll(async () => (await seatsShown(page, map)).includes('none')).toBe(false);
          const seats = await seatsShown(page, map);
          expect(new Set(seats).size, seats.join(' ')).toBe(3);
          // Side by side: one row.
          expect(new Set(seats.map((seat) => seat.replace(/[A-Z]$/, ''))).size, seats.join(' ')).toBe(1);
        }
        await page.getByRole('button', { name: 'Continue to Payment' }).click();

        // The total shown is the charge.
        await page.getByRole('heading', { name: 'Payment' }).waitFor();
        const summary = page.getByRole('region', { name: 'Order summary' });
        await expect.poll(async () => (await summary.textContent())?.match(/Total(\$[\d,]+)/)?.[1]).toBeDefined();
        const shown = (await summary.textContent())!.match(/Total(\$[\d,]+)/)![1]!;
        await fillCard(page, '4242 4242 4242 4242');
        await page.getByRole('button', { name: 'Complete Booking' }).click();
        await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor({ timeout: scaled(90_000) });
        expect(await page.getByText('Total paid').locator('..').textContent()).toContain(shown);
        const confirmation = (await page.locator('main').textContent()) ?? '';
        expect(confirmation).toContain('2 × Adult (12+ years)');
        expect(confirmation).toContain('1 × Child (2-11 years)');
        const charges = await recordedCharge();
        expect(charges).toHaveLength(1);
        expect(charges[0]!.amount).toBe(cents(shown));
        expect(['succeeded', 'requires_capture']).toContain(charges[0]!.status);
      } finally {
        await page.close();
      }
    },
    scaled(300_000),
  );
});
