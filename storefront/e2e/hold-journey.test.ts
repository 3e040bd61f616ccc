/// <reference types="node" />
/**
 * Issue 36, hold now and pay later, in real Chromium against the real engine (embedded storage,
 * the Duffel and Stripe sandboxes): a signed-in traveller holds a fare Duffel's test route JFK-EWR
 * lets the airline hold, finds the held trip in My Trips with its countdown, pays it there, and
 * the card is charged exactly the price the Pay Now button showed; then again with a card whose bank
 * asks for its 3-D Secure check (4000 0000 0000 3220), through the sandbox's stand-in for the bank.
 */
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumAvailable,
  ensureStorefrontBuild,
  launchChromium,
  startStorefrontEngine,
  type StorefrontEngine,
} from './support/storefront-engine';
import { scaled } from '@contrail/shared/test-support/time-scale';

const chromiumThere = chromiumAvailable('the hold-now-pay-later journey');

let engine: StorefrontEngine | undefined;
let browser: Browser;

function searchUrl(): string {
  const params = new URLSearchParams({
    origin: 'JFK',
    destination: 'EWR',
    departureDate: format(addDays(new Date(), 21), 'yyyy-MM-dd'),
    adults: '1',
    children: '0',
    infants: '0',
    cabinClass: 'economy',
    tripType: 'one-way',
  });
  return `${engine!.baseUrl}/search?${params.toString()}`;
}

describe.runIf(chromiumThere)('browser journey: hold now, pay later', () => {
  beforeAll(async () => {
    await ensureStorefrontBuild();
    engine = await startStorefrontEngine('e2e-hold', { NODE_ENV: 'test' });
    browser = await launchChromium();
  }, scaled(240_000));

  afterAll(async () => {
    await browser?.close();
    await engine?.close();
  });

  /** A new traveller signed in, who holds the `nth` fare of the search and is shown it held on My Trips: its Pay Now button and price. */
  async function holdAFare(page: Page, nth: number) {
    const base = engine!.baseUrl;
    const username = `holder${Date.now()}`;
    const email = `${username}@example.com`;
    const account = { username, email, firstName: 'Hal', lastName: 'Holder', password: 'Holder-Password-1' };
    const registered = await page.request.post(`${base}/api/auth/register`, {
      data: account,
      timeout: scaled(30_000),
    });
    expect(registered.status()).toBe(201);
    const login = await page.request.post(`${base}/api/auth/login`, {
      data: { username, password: account.password },
      timeout: scaled(30_000),
    });
    expect(login.ok()).toBe(true);

    await page.goto(searchUrl());
    await page
      .getByRole('link', { name: /^View details/ })
      .nth(nth)
      .click();
    await page.getByRole('link', { name: 'Book This Flight' }).first().click();
    await page.waitForURL(/\/booking\?offer=/);
    await page.getByLabel('First name').first().fill('Hal');
    await page.getByLabel('Last name').first().fill('Holder');
    await page.getByLabel('Date of birth').first().fill('1980-02-03');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Phone', { exact: true }).fill('+12025550123');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const skip = page.getByRole('button', { name: 'Skip Seat Selection' });
    const payment = page.getByRole('heading', { name: 'Payment' });
    await skip.or(payment).first().waitFor();
    if (await skip.isVisible()) await skip.click();
    await payment.waitFor();

    await page.getByRole('button', { name: 'Hold this price' }).click();
    await page.waitForURL(/\/my-trips/);
    const held = page.getByRole('group', { name: 'Held price' });
    await held.waitFor({ timeout: scaled(60_000) });
    await expect.poll(async () => held.textContent()).toMatch(/Held: pay within \d+ h \d\d min/);
    const payNow = held.getByRole('button', { name: /^Pay Now · / });
    const shown = (await payNow.textContent())!.replace('Pay Now · ', '').trim();
    expect(shown).toMatch(/^\$[\d,.]+$/);
    return { payNow, shown };
  }

  /** The card fields of the Pay Now dialog. */
  async function fillCard(dialog: Locator, number: string) {
    await dialog.getByLabel('Card number').fill(number);
    await dialog.getByLabel('Card holder name').fill('Hal Holder');
    await dialog.getByLabel('Month (MM)').fill('12');
    await dialog.getByLabel('Year (YY or YYYY)').fill('2030');
    await dialog.getByLabel('CVV').fill('123');
  }

  /** What the card of the traveller's (first) trip was charged, as the processor holds it. */
  async function charged(page: Page) {
    const list = (await (await page.request.get(`${engine!.baseUrl}/api/bookings`)).json()) as Array<{ id: string }>;
    const stream = await engine!.runtime.deps.eventStore.readStream(`booking-${list[0]!.id}`);
    const captured = stream.find((event) => event.type === 'PaymentCaptured')!.data as { paymentId: string };
    return engine!.runtime.deps.payments!.retrieve(captured.paymentId);
  }

  it(
    'holds a fare without charging, then pays it from My Trips at the price shown',
    async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.setDefaultTimeout(scaled(30_000));
      try {
        const { payNow, shown } = await holdAFare(page, 0);

        await payNow.click();
        const dialog = page.getByRole('dialog', { name: 'Pay for your held trip' });
        await fillCard(dialog, '4242 4242 4242 4242');
        await dialog.getByRole('button', { name: `Pay Now ${shown}` }).click();
        await dialog.waitFor({ state: 'detached', timeout: scaled(90_000) });
        const trip = page.getByRole('article').first();
        await expect.poll(async () => trip.textContent(), { timeout: scaled(30_000) }).toMatch(/confirmed/);
        expect(await trip.textContent()).toContain(shown);

        // What the card was charged, as the processor holds it.
        const charge = await charged(page);
        expect(charge.status).toBe('captured');
        expect(charge.received / 100).toBe(Number(shown.replace(/[$,]/g, '')));
      } finally {
        await page.close();
      }
    },
    scaled(300_000),
  );

  it(
    'pays a held fare with a 3-D Secure card: the bank’s check, back on My Trips, then the airline and the capture',
    async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.setDefaultTimeout(scaled(30_000));
      try {
        const { payNow, shown } = await holdAFare(page, 1);
        await payNow.click();
        const dialog = page.getByRole('dialog', { name: 'Pay for your held trip' });
        await fillCard(dialog, '4000 0000 0000 3220');
        await dialog.getByRole('button', { name: `Pay Now ${shown}` }).click();
        await page.waitForURL(/\/sandbox\/stripe\/authenticate\/pi_/);
        await page.getByRole('heading', { name: '3D Secure Test Page' }).waitFor();
        await page.getByRole('button', { name: 'Complete authentication' }).focus();
        await page.keyboard.press('Enter');
        await page.waitForURL(/\/my-trips/);
        const trip = page.getByRole('article').first();
        await expect.poll(async () => trip.textContent(), { timeout: scaled(90_000) }).toMatch(/confirmed/);
        expect(await trip.textContent()).toContain(shown);
        // The bank's parameters are gone from the address: a reload does not pay again.
        expect(page.url()).not.toContain('payment_intent');
        const charge = await charged(page);
        expect(charge.status).toBe('captured');
        expect(charge.cardLast4).toBe('3220');
        expect(charge.received / 100).toBe(Number(shown.replace(/[$,]/g, '')));
      } finally {
        await page.close();
      }
    },
    scaled(300_000),
  );
});
