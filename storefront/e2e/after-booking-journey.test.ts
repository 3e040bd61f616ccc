/// <reference types="node" />
/**
 * Issue 36 in real Chromium against the real engine (embedded storage, the Duffel and Stripe
 * sandboxes): a trip booked on a changeable fare gets a new date, paying the fare difference and
 * penalty shown, then a checked bag; each charge the Stripe sandbox captured is the amount shown.
 * The booking itself is made through the engine's API from the page (its flow has its own journey).
 * Screenshots at 1280 and 390 px go to $CONTRAIL_SCREENSHOTS when set.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AxeResults } from 'axe-core';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import type { FlightOffer } from '@contrail/shared';
import { isInternationalOffer } from '@contrail/shared/booking/international';
import { toMinorUnits } from '@contrail/shared/booking/money';
import { customerAmount } from '@contrail/shared/pricing/price-offer';
import { DEFAULT_PRICING } from '@contrail/shared/pricing/pricing';
import { scaled } from '@contrail/shared/test-support/time-scale';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumAvailable,
  ensureStorefrontBuild,
  launchChromium,
  startStorefrontEngine,
  type StorefrontEngine,
} from './support/storefront-engine';
import { resizeTo } from './support/viewport';

const chromiumThere = chromiumAvailable('the changes-and-extras journey');
const shots = process.env.CONTRAIL_SCREENSHOTS;

let engine: StorefrontEngine | undefined;
let browser: Browser;

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** axe's violations on the page as it is, at 1280 and 390 px: "rule @width: targets". */
async function axeViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const width of [1280, 390]) {
    await resizeTo(page, width, width === 390 ? 844 : 900);
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
    const results = await page.evaluate(
      (tags) =>
        (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(
          document,
          { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
        ),
      AXE_TAGS,
    );
    for (const violation of results.violations)
      found.push(`${violation.id} @${width}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
  }
  await resizeTo(page, 1280, 900);
  return found;
}

async function shoot(page: Page, name: string) {
  if (!shots) return;
  await page.screenshot({ path: path.join(shots, `${name}-1280.png`), fullPage: true });
  await resizeTo(page, 390, 844);
  await page.screenshot({ path: path.join(shots, `${name}-390.png`), fullPage: true });
  await resizeTo(page, 1280, 900);
}

const day = (days: number) => format(addDays(new Date(), days), 'yyyy-MM-dd');

async function changeableOffer(): Promise<FlightOffer> {
  const offers = await engine!.runtime.deps.flights!.search({
    origin: 'JFK',
    destination: 'LAX',
    departureDate: day(40),
    cabinClass: 'economy',
    adultsCount: 1,
    childrenCount: 0,
    infantsCount: 0,
  } as never);
  const offer = offers.find((one) => !isInternationalOffer(one) && one.conditions.change_before_departure?.allowed);
  if (!offer) throw new Error('JFK-LAX should sell a changeable fare');
  return offer;
}

/** A JFK-LAX offer whose airline sells seats (the seat maps of the order come from it). */
async function seatedOffer(): Promise<FlightOffer> {
  const flights = engine!.runtime.deps.flights!;
  const offers = await flights.search({
    origin: 'JFK',
    destination: 'LAX',
    departureDate: day(47),
    cabinClass: 'economy',
    adultsCount: 1,
    childrenCount: 0,
    infantsCount: 0,
  } as never);
  for (const offer of offers.filter((one) => !isInternationalOffer(one)))
    if ((await flights.getSeatMaps(offer.id)).length > 0) return offer;
  throw new Error('JFK-LAX should sell an offer with seat maps');
}

/** Books the offer from the page (same origin, the page's cookies): the traveller is signed in afterwards. */
async function bookFromPage(page: Page, offer: FlightOffer, email = 'ada.after@example.com'): Promise<string> {
  const amount = customerAmount(offer, { pricing: DEFAULT_PRICING, travellers: 1 });
  const card = {
    number: '4242424242424242',
    expiryMonth: '12',
    expiryYear: '34',
    cvv: '123',
    holderName: 'Ada Lovelace',
  };
  return page.evaluate(
    async ({ offerId, amount, currency, card, email }) => {
      const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
        const answer = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
        const json = (await answer.json()) as Record<string, unknown>;
        if (!answer.ok) throw new Error(`${url}: ${answer.status} ${JSON.stringify(json)}`);
        return json;
      };
      const payment = await post('/api/payments/process-card', { offerId, amount, currency, cardDetails: card });
      const passenger = {
        id: 'p1',
        type: 'adult',
        title: 'ms',
        firstName: 'Ada',
        lastName: 'Lovelace',
        gender: 'female',
        dateOfBirth: '1985-12-10',
        email,
        phone: '+1 212 555 0100',
      };
      const booked = await post(
        '/api/bookings',
        {
          offerId,
          passengers: [passenger],
          paymentDetails: { amount, currency, cardDetails: { holderName: card.holderName } },
          paymentId: payment.paymentId,
        },
        { 'Idempotency-Key': crypto.randomUUID() },
      );
      return booked.id as string;
    },
    { offerId: offer.id, amount, currency: offer.total_currency, card, email },
  );
}

async function fillCard(page: Page, number = '4242 4242 4242 4242') {
  const dialog = page.getByRole('dialog', { name: 'Booking Details' });
  await dialog.getByLabel('Card Number').fill(number);
  await dialog.getByLabel('Expiry Month').fill('12');
  await dialog.getByLabel('Expiry Year').fill('34');
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByLabel('Name on Card').fill('Ada Lovelace');
}

/** What the Stripe sandbox captured for the purchase payments of a booking, newest first, in minor units. */
async function capturedForPurchases(bookingId: string, since: string): Promise<number[]> {
  const payments = await engine!.runtime.deps.payments!.listSince(since);
  return payments
    .filter((payment) => payment.metadata.booking_id === bookingId && payment.metadata.purchase_id)
    .map((payment) => payment.received);
}

async function openTrip(page: Page) {
  await page.goto(`${engine!.baseUrl}/my-trips`);
  await page.getByRole('button', { name: 'View Details' }).first().click();
  return page.getByRole('dialog', { name: 'Booking Details' });
}

describe.runIf(chromiumThere)('browser journey: changes and extras after booking', () => {
  beforeAll(async () => {
    await ensureStorefrontBuild();
    engine = await startStorefrontEngine('e2e-after-booking', { NODE_ENV: 'test' });
    browser = await launchChromium();
  }, scaled(240_000));

  afterAll(async () => {
    await browser?.close();
    await engine?.close();
  });

  it(
    "changes a flight's date paying the difference, then adds a bag: each charge is the amount shown",
    async () => {
      const since = new Date(Date.now() - 60_000).toISOString();
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.setDefaultTimeout(scaled(30_000));
      try {
        await page.goto(engine!.baseUrl);
        const bookingId = await bookFromPage(page, await changeableOffer());

        let dialog = await openTrip(page);
        await dialog.getByRole('button', { name: 'Change date' }).click();
        await dialog.getByLabel('New date').fill(day(44));
        await dialog.getByRole('button', { name: 'Find flights' }).click();
        const offers = dialog.getByRole('list', { name: 'New flights' });
        await offers.waitFor();
        const first = offers.getByRole('listitem').first();
        await expect.poll(() => first.textContent()).toMatch(/Fare difference .* Change penalty .*To pay: /);
        const shown = /To pay: \$([\d,.]+)/.exec((await first.textContent())!)![1]!.replace(/,/g, '');
        await first.getByRole('radio').check();
        await fillCard(page);
        await shoot(page, 'after-booking-01-change');
        expect(await axeViolations(page)).toEqual([]);
        await dialog.getByRole('button', { name: /^Pay .* and change$/ }).click();
        await dialog.getByText('Your flights have been changed').waitFor();
        await expect.poll(() => capturedForPurchases(bookingId, since)).toEqual([toMinorUnits(shown, 'USD')]);

        dialog = await openTrip(page);
        await expect.poll(() => dialog.textContent()).toContain(format(addDays(new Date(), 44), 'MMM d'));
        await dialog.getByRole('button', { name: 'Add bags' }).click();
        const bagChoice = dialog.getByRole('combobox', { name: /^Checked bag for / }).first();
        await bagChoice.selectOption('1');
        const payBag = dialog.getByRole('button', { name: /^Pay .* and add bags$/ });
        const bagPrice = /Pay \$([\d,.]+) and add bags/.exec((await payBag.textContent())!)![1]!.replace(/,/g, '');
        await fillCard(page);
        await shoot(page, 'after-booking-02-bags');
        expect(await axeViolations(page)).toEqual([]);
        await payBag.click();
        await dialog.getByText('Your bags have been added').waitFor();
        await expect
          .poll(async () => (await capturedForPurchases(bookingId, since)).sort((a, b) => a - b))
          .toEqual([toMinorUnits(shown, 'USD'), toMinorUnits(bagPrice, 'USD')].sort((a, b) => a - b));

        dialog = await openTrip(page);
        const bought = dialog.getByRole('region', { name: 'Changes and extras' });
        await expect.poll(() => bought.textContent()).toMatch(/Flights changed.*1 checked bag/s);
        await shoot(page, 'after-booking-03-bought');
        expect(await axeViolations(page)).toEqual([]);
      } finally {
        await page.close();
      }
    },
    scaled(240_000),
  );

  it(
    'adds a seat from the trip seat map: the charge is the price shown, the trip shows the seat',
    async () => {
      const since = new Date(Date.now() - 60_000).toISOString();
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.setDefaultTimeout(scaled(30_000));
      try {
        await page.goto(engine!.baseUrl);
        const bookingId = await bookFromPage(page, await seatedOffer(), 'ada.seats@example.com');
        let dialog = await openTrip(page);
        await dialog.getByRole('button', { name: 'Add seats' }).click();
        const picker = dialog.getByRole('region', { name: /^Seat map, / }).first();
        const seat = picker.getByRole('button', { name: /^Seat \w+, available, \$/ }).first();
        const designator = /^Seat (\w+),/.exec((await seat.getAttribute('aria-label'))!)![1]!;
        await seat.click();
        const pay = dialog.getByRole('button', { name: /^Pay .* and add seats$/ });
        const price = /Pay \$([\d,.]+) and add seats/.exec((await pay.textContent())!)![1]!.replace(/,/g, '');
        await fillCard(page);
        await shoot(page, 'after-booking-04-seats');
        expect(await axeViolations(page)).toEqual([]);
        await pay.click();
        await dialog.getByText('Your seats have been added').waitFor();
        await expect.poll(() => capturedForPurchases(bookingId, since)).toEqual([toMinorUnits(price, 'USD')]);

        dialog = await openTrip(page);
        const bought = dialog.getByRole('region', { name: 'Changes and extras' });
        await expect.poll(() => bought.textContent()).toContain(`Seat ${designator}`);
        await expect.poll(() => dialog.textContent()).toContain(`${designator} · Ada Lovelace`);
      } finally {
        await page.close();
      }
    },
    scaled(240_000),
  );

  it(
    'adds a bag with a 3-D Secure card: the bank’s check, back on My Trips, the bag added and its price captured once',
    async () => {
      const since = new Date(Date.now() - 60_000).toISOString();
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.setDefaultTimeout(scaled(30_000));
      try {
        await page.goto(engine!.baseUrl);
        const bookingId = await bookFromPage(page, await changeableOffer(), 'ada.secure@example.com');
        const dialog = await openTrip(page);
        await dialog.getByRole('button', { name: 'Add bags' }).click();
        await dialog
          .getByRole('combobox', { name: /^Checked bag for / })
          .first()
          .selectOption('1');
        const payBag = dialog.getByRole('button', { name: /^Pay .* and add bags$/ });
        const bagPrice = /Pay \$([\d,.]+) and add bags/.exec((await payBag.textContent())!)![1]!.replace(/,/g, '');
        await fillCard(page, '4000 0000 0000 3220');
        await payBag.click();
        await page.waitForURL(/\/sandbox\/stripe\/authenticate\/pi_/);
        await page.getByRole('heading', { name: '3D Secure Test Page' }).waitFor();
        await page.getByRole('button', { name: 'Complete authentication' }).focus();
        await page.keyboard.press('Enter');
        await page.waitForURL(/\/my-trips/);
        const back = page.getByRole('dialog', { name: 'Booking Details' });
        await back.getByText('Your bags have been added').waitFor({ timeout: scaled(90_000) });
        await shoot(page, 'after-booking-05-bag-3ds');
        // The bank's parameters are gone from the address: a reload does not pay again.
        await expect.poll(() => page.url()).not.toContain('payment_intent');
        await expect.poll(() => capturedForPurchases(bookingId, since)).toEqual([toMinorUnits(bagPrice, 'USD')]);
        const payments = await engine!.runtime.deps.payments!.listSince(since);
        const bagPayment = payments.find((one) => one.metadata.booking_id === bookingId && one.metadata.purchase_id);
        expect(bagPayment).toMatchObject({ status: 'captured', cardLast4: '3220' });
      } finally {
        await page.close();
      }
    },
    scaled(300_000),
  );
});
