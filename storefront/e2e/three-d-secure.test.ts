/// <reference types="node" />
/**
 * 3-D Secure in real Chromium against the real engine (embedded storage, the sandboxes mounted):
 * a booking with the test card 4000 0000 0000 3220 goes to the sandbox's stand-in for the bank's
 * challenge, completes it and comes back confirmed; a failed authentication shows the card
 * failure. Screenshots of the challenge page and the payment step at 1280 and 390 px go to
 * $CONTRAIL_SCREENSHOTS (default: a temp folder, removed at the end).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
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
import { resizeTo } from './support/viewport';
import { allOfferLinks } from './support/results';

const chromiumThere = chromiumAvailable('the 3-D Secure browser test');

let engine: StorefrontEngine | undefined;
let baseUrl: string;
let browser: Browser;
const keptShots = process.env.CONTRAIL_SCREENSHOTS;
const shots = keptShots ?? mkdtempSync(path.join(os.tmpdir(), 'contrail-3ds-'));

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(shots, `${name}-1280.png`), fullPage: true });
  await resizeTo(page, 390, 844);
  await page.screenshot({ path: path.join(shots, `${name}-390.png`), fullPage: true });
  await resizeTo(page, 1280, 900);
}

/** Offers from a one-way search in the storefront that need no passport (the form below fills none). */
async function domesticOffers(page: Page): Promise<string[]> {
  const departure = addDays(new Date(), 25);
  await page.goto(`${baseUrl}/`);
  await page.getByRole('tab', { name: 'One Way' }).click();
  await page.getByRole('combobox', { name: 'From' }).fill('JFK');
  await page.getByRole('option', { name: /JFK/ }).first().click();
  await page.getByRole('combobox', { name: 'To' }).fill('LAX');
  await page.getByRole('option', { name: /LAX/ }).first().click();
  await page.getByRole('button', { name: /Departure/ }).click();
  await page.getByRole('button', { name: /next month/i }).waitFor();
  const day = page.getByRole('button', { name: new RegExp(format(departure, 'MMMM d, yyyy')) });
  for (let turn = 0; turn < 3 && !(await day.isVisible()); turn += 1)
    await page.getByRole('button', { name: /next month/i }).click();
  await day.click();
  await page.getByRole('button', { name: 'Search Flights' }).click();
  await page.waitForURL(/\/search\?/);
  const hrefs = await allOfferLinks(page);
  const ids = hrefs.map((href) => decodeURIComponent(href.split('/flight/')[1]!.split('?')[0]!));
  const needsPassport = await Promise.all(
    ids.map(async (id) => {
      const offer = (await (await fetch(`${baseUrl}/api/flights/offer/${encodeURIComponent(id)}`)).json()) as {
        passenger_identity_documents_required?: boolean;
      };
      return offer.passenger_identity_documents_required === true;
    }),
  );
  return ids.filter((_, index) => !needsPassport[index]);
}

/** Whether the offer sells a checked bag (its services, as the booking page reads them). */
async function sellsCheckedBag(offerId: string): Promise<boolean> {
  const offer = (await (await fetch(`${baseUrl}/api/flights/offer/${encodeURIComponent(offerId)}`)).json()) as {
    available_services?: Array<{ type: string; metadata?: { type?: string } }>;
  };
  return (offer.available_services ?? []).some(
    (service) => service.type === 'baggage' && service.metadata?.type === 'checked',
  );
}

/** The booking of one adult up to the payment step, with the card filled in; with `checkedBags` from the results' link. */
async function toPayment(page: Page, offerId: string, card: string, checkedBags = 0) {
  const bags = checkedBags > 0 ? `&checkedBags=${checkedBags}` : '';
  await page.goto(`${baseUrl}/booking?offer=${encodeURIComponent(offerId)}&adults=1${bags}`);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Date of birth').fill('1985-12-10');
  await page.getByLabel('Email', { exact: true }).fill(`ada.3ds.${Date.now()}@example.com`);
  await page.getByLabel('Phone', { exact: true }).fill('+12025550123');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  if (checkedBags > 0) {
    const chosen = page.getByRole('region', { name: 'Bags' });
    await chosen.getByText(/bags? added for/).waitFor();
    expect(await chosen.getByLabel('Checked bags').inputValue()).toBe(String(checkedBags));
  }
  await page.getByRole('button', { name: 'Skip Seat Selection' }).click();
  await page.getByRole('heading', { name: 'Payment' }).waitFor();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Card holder name').fill('Ada Lovelace');
  await page.getByLabel('Month (MM)').fill('12');
  await page.getByLabel('Year (YY or YYYY)').fill('2030');
  await page.getByLabel('CVV').fill('123');
}

/** Complete Booking, then the bank's (the sandbox's) challenge page. */
async function toChallenge(page: Page) {
  await page.getByRole('button', { name: 'Complete Booking' }).click();
  await page.waitForURL(/\/sandbox\/stripe\/authenticate\/pi_/);
  await page.getByRole('heading', { name: '3D Secure Test Page' }).waitFor();
}

describe.runIf(chromiumThere)('browser: 3-D Secure in the payment step', () => {
  beforeAll(async () => {
    await ensureStorefrontBuild();
    engine = await startStorefrontEngine('e2e-3ds-engine', { NODE_ENV: 'test' });
    ({ baseUrl } = engine);
    browser = await launchChromium();
  }, scaled(240_000));

  afterAll(async () => {
    await browser?.close();
    await engine?.close();
    // A failure's screenshot stays for whoever reads the run's log.
    if (existsSync(path.join(shots, 'failure.png'))) console.log(`[3-D Secure] failure screenshot in ${shots}`);
    else if (!keptShots) rmSync(shots, { recursive: true, force: true });
  });

  it(
    'books with 4000 0000 0000 3220 through the bank challenge; a failed challenge shows the card failure',
    async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.setDefaultTimeout(scaled(20_000));
      try {
        const [first, second] = await domesticOffers(page);
        expect(second).toBeDefined();

        await toPayment(page, first!, '4000 0000 0000 3220');
        await shoot(page, '01-payment-3ds-card');
        await toChallenge(page);
        await shoot(page, '02-challenge');
        // Keyboard first: the challenge's buttons are plain buttons in a form.
        await page.getByRole('button', { name: 'Complete authentication' }).focus();
        await page.keyboard.press('Enter');
        await page.waitForURL(/\/booking\?/);
        await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor({ timeout: scaled(45_000) });
        const confirmation = (await page.locator('main').textContent()) ?? '';
        expect(confirmation).toContain('Card**** **** **** 3220');
        expect(confirmation).toContain('Primary passengerAda Lovelace');
        // The bank's parameters are gone from the address: a reload does not pay again.
        expect(page.url()).not.toContain('payment_intent');
        await shoot(page, '03-confirmed');

        await toPayment(page, second!, '4000 0000 0000 3220');
        await toChallenge(page);
        await page.getByRole('button', { name: 'Fail authentication' }).click();
        await page.waitForURL(/\/booking\?/);
        await page
          .getByText('Card Payment Failed')
          .first()
          .waitFor({ timeout: scaled(30_000) });
        await page
          .getByText(/Your bank could not authenticate this payment/)
          .first()
          .waitFor();
        await page.getByRole('heading', { name: 'Payment' }).waitFor();
        expect(await page.getByRole('button', { name: 'Complete Booking' }).isEnabled()).toBe(true);
        await shoot(page, '04-authentication-failed');
      } catch (error) {
        await page.screenshot({ path: path.join(shots, 'failure.png'), fullPage: true }).catch(() => {});
        throw error;
      } finally {
        await page.close();
      }
    },
    scaled(150_000),
  );

  it(
    'keeps the bags chosen across the bank challenge and charges the total with them (issue 35)',
    async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.setDefaultTimeout(scaled(20_000));
      try {
        const offers = await domesticOffers(page);
        let offerId: string | undefined;
        for (const id of offers) {
          if (await sellsCheckedBag(id)) {
            offerId = id;
            break;
          }
        }
        expect(offerId, 'an offer that sells a checked bag').toBeDefined();
        await toPayment(page, offerId!, '4000 0000 0000 3220', 1);
        const summary = page.getByRole('region', { name: 'Order summary' });
        await summary.getByText('Bags').waitFor();
        const total = (await summary.textContent())?.match(/Total(\$[\d,.]+)/)?.[1];
        expect(total).toBeDefined();
        await toChallenge(page);
        await page.getByRole('button', { name: 'Complete authentication' }).click();
        await page.waitForURL(/\/booking\?/);
        await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor({ timeout: scaled(45_000) });
        await shoot(page, '05-confirmed-with-bags');
        const paid = await page.getByText('Total paid').locator('..').textContent();
        expect(paid).toContain(total);
        const bagged = await page
          .getByText(/^Bags, JFK → LAX$/)
          .locator('..')
          .textContent();
        expect(bagged).toMatch(/1 checked bag · Ada Lovelace · \$\d+/);
        // The booking the engine recorded carries the bag (the traveller is signed in by the booking).
        const id = await page.getByText('Booking ID').locator('..').locator('dd').textContent();
        const booking = (await (await page.request.get(`${baseUrl}/api/bookings/${id}`)).json()) as {
          bookingData: { bags: Array<{ kind: string; quantity: number }>; total_amount: string };
        };
        expect(booking.bookingData.bags).toEqual([expect.objectContaining({ kind: 'checked', quantity: 1 })]);
        expect(Number(total!.replace(/[$,]/g, ''))).toBe(Number(booking.bookingData.total_amount));
        // My Trips lists the bag in the trip's details.
        await page.goto(`${baseUrl}/my-trips`);
        await page.getByRole('button', { name: 'View Details' }).first().click();
        const details = page.getByRole('dialog', { name: 'Booking Details' });
        await details.getByRole('region', { name: 'Bags' }).getByText('1 checked bag').waitFor();
        await shoot(page, '06-my-trips-bags');
      } catch (error) {
        await page.screenshot({ path: path.join(shots, 'failure.png'), fullPage: true }).catch(() => {});
        throw error;
      } finally {
        await page.close();
      }
    },
    scaled(150_000),
  );
});
