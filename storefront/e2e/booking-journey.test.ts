/// <reference types="node" />
/**
 * The browser journey of issue 10, in real Chromium against the real engine (in-process, embedded
 * storage, the Duffel and Stripe sandboxes): home → search → results → details → booking for two
 * adults with seats and the 4242 card → confirmation → My Trips → cancel; a declined card; an offer
 * that expires on the payment step. Screenshots of every step at 1280 and 390 px go to
 * $CONTRAIL_SCREENSHOTS (default: a temp folder, printed, removed at the end).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { type Browser, type Locator, type Page } from 'playwright-core';
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
import { fillCard } from './support/booking-steps';
import { allOfferLinks } from './support/results';

const chromiumThere = chromiumAvailable('the browser journey');

let engine: StorefrontEngine | undefined;
let baseUrl: string;
let browser: Browser;
const keptShots = process.env.CONTRAIL_SCREENSHOTS;
const shots = keptShots ?? mkdtempSync(path.join(os.tmpdir(), 'contrail-journey-'));

/** A screenshot at 1280 px and at 390 px (the page is put back to 1280). */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(shots, `${name}-1280.png`), fullPage: true });
  await resizeTo(page, 390, 844);
  await page.screenshot({ path: path.join(shots, `${name}-390.png`), fullPage: true });
  await resizeTo(page, 1280, 900);
}

async function pickDate(page: Page, field: RegExp, day: Date) {
  await page.getByRole('button', { name: field }).click();
  // The calendar loads on first open: wait for it before judging which month it shows.
  await page.getByRole('button', { name: /next month/i }).waitFor();
  const dayButton = page.getByRole('button', { name: new RegExp(format(day, 'MMMM d, yyyy')) });
  for (let turn = 0; turn < 3 && !(await dayButton.isVisible()); turn += 1) {
    await page.getByRole('button', { name: /next month/i }).click();
  }
  await dayButton.click();
}

/** Issue 33: on a phone, the confirmation's Copy buttons stay inside the new account's panel. */
async function copyButtonsStayInside(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    const panel = await page.getByRole('region', { name: 'Your new account' }).boundingBox();
    expect(panel).not.toBeNull();
    for (const name of ['Copy username', 'Copy password']) {
      const button = await page.getByRole('button', { name }).boundingBox();
      expect(button!.x + button!.width).toBeLessThanOrEqual(panel!.x + panel!.width);
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
}

/**
 * Issue 33 item 13: each amount of the refund quote stays in the amounts' column, level with its
 * label, however long the label's reason (a "… kept" row wrapped its amount onto a line of its own).
 */
async function quoteAmountsInColumn(quote: Locator) {
  const rows = await quote.locator('dl > div').evaluateAll((divs) =>
    divs.map((div) => {
      const label = div.querySelector('dt')!;
      const amount = div.querySelector('dd')!.getBoundingClientRect();
      return {
        label: label.textContent ?? '',
        labelTop: label.getBoundingClientRect().top,
        labelRight: label.getBoundingClientRect().right,
        amountTop: amount.top,
        amountLeft: amount.left,
        amountRight: amount.right,
        rowRight: div.getBoundingClientRect().right,
      };
    }),
  );
  expect(rows.some((row) => row.label.includes(' kept'))).toBe(true);
  for (const row of rows) {
    expect(Math.abs(row.amountTop - row.labelTop), row.label).toBeLessThanOrEqual(2);
    expect(Math.abs(row.amountRight - row.rowRight), row.label).toBeLessThanOrEqual(1);
    expect(row.amountLeft, row.label).toBeGreaterThanOrEqual(row.labelRight);
  }
}

/** An offer with seat maps and a refund before departure, so that seats can be chosen and the trip cancelled. */
async function seatedRefundableOffer(offerIds: string[]): Promise<string> {
  for (const id of offerIds) {
    const path = encodeURIComponent(id);
    const offer = (await (await fetch(`${baseUrl}/api/flights/offer/${path}`)).json()) as {
      conditions?: { refund_before_departure?: { allowed?: boolean } | null };
    };
    if (offer.conditions?.refund_before_departure?.allowed !== true) continue;
    const maps = (await (await fetch(`${baseUrl}/api/flights/seatmaps/${path}`)).json()) as unknown[];
    if (Array.isArray(maps) && maps.length > 0) return id;
  }
  throw new Error('No offer in the results has seat maps and a refund');
}

/** The offers that need no passport (connections through Canada do): the form below fills none. */
async function withoutPassports(offerIds: string[]): Promise<string[]> {
  const needs = await Promise.all(
    offerIds.map(async (id) => {
      const offer = (await (await fetch(`${baseUrl}/api/flights/offer/${encodeURIComponent(id)}`)).json()) as {
        passenger_identity_documents_required?: boolean;
      };
      return offer.passenger_identity_documents_required === true;
    }),
  );
  return offerIds.filter((_, index) => !needs[index]);
}

/** Fills the passenger cards; returns the primary passenger's email. */
async function fillPassengers(page: Page, count: number): Promise<string> {
  for (let index = 0; index < count; index += 1) {
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
  const email = `ada.${Date.now()}@example.com`;
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Phone', { exact: true }).fill('+12025550123');
  return email;
}

describe.runIf(chromiumThere)('browser journey: booking and My Trips', () => {
  beforeAll(async () => {
    await ensureStorefrontBuild();
    // Embedded storage and in-process jobs, whatever services the environment names.
    engine = await startStorefrontEngine('e2e-engine', { NODE_ENV: 'test' });
    ({ baseUrl } = engine);
    browser = await launchChromium();
    console.info(`[booking journey] screenshots in ${shots}`);
  }, scaled(240_000));

  afterAll(async () => {
    await browser?.close();
    await engine?.close();
    if (!keptShots) rmSync(shots, { recursive: true, force: true });
  });

  it(
    'books two adults with seats, shows the trip, cancels it; declines a card; expires an offer',
    async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.setDefaultTimeout(scaled(20_000));
      try {
        await journey(page);
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

async function journey(page: Page) {
  const departure = addDays(new Date(), 21);

  // Home → search.
  await page.goto(`${baseUrl}/`);
  await page.getByRole('tab', { name: 'One Way' }).click();
  await page.getByRole('combobox', { name: 'From' }).fill('JFK');
  await page.getByRole('option', { name: /JFK/ }).first().click();
  await page.getByRole('combobox', { name: 'To' }).fill('LAX');
  await page.getByRole('option', { name: /LAX/ }).first().click();
  await pickDate(page, /Departure/, departure);
  // Business fares are refundable, so the trip can be cancelled at the end.
  await page.getByRole('button', { name: /Cabin Class/ }).click();
  await page.getByRole('button', { name: 'Business Class' }).click();
  await page.getByRole('button', { name: /Passengers/ }).click();
  // Issue 20: the steppers allow no search that always fails: an adult per infant, 9 at most.
  const more = (who: string) => page.getByRole('button', { name: `More ${who}` });
  const fewer = (who: string) => page.getByRole('button', { name: `Fewer ${who}` });
  await more('infants').click();
  expect(await more('infants').isDisabled()).toBe(true);
  await page.getByText("Each infant travels on an adult's lap").waitFor();
  await fewer('infants').click();
  for (let i = 0; i < 4; i += 1) await more('adults').click();
  for (let i = 0; i < 5; i += 1) if (await more('children').isEnabled()) await more('children').click();
  expect(await page.getByRole('status', { name: 'Children count' }).textContent()).toBe('4');
  await page.getByText('You can book up to 9 passengers at a time.').waitFor();
  await shoot(page, '00-passenger-limits');
  for (let i = 0; i < 4; i += 1) await fewer('children').click();
  for (let i = 0; i < 3; i += 1) await fewer('adults').click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Search Flights' }).click();

  // Results → details.
  await page.waitForURL(/\/search\?/);
  await page
    .getByRole('link', { name: /^View details/ })
    .first()
    .waitFor();
  await shoot(page, '01-results');
  const hrefs = await allOfferLinks(page);
  const idOf = (href: string) => decodeURIComponent(href.split('/flight/')[1]!.split('?')[0]!);
  const offerIds = await withoutPassports(hrefs.map(idOf));
  // Low-cost carriers sell no seats, and many fares allow no refund: book one that has both.
  const seated = await seatedRefundableOffer(offerIds);
  const others = offerIds.filter((id) => id !== seated);
  expect(others.length).toBeGreaterThanOrEqual(2);
  await page.locator(`a[href="${hrefs.find((href) => idOf(href) === seated)}"]`).click();
  await page.getByText('This offer is available.').waitFor();
  await page.getByRole('link', { name: 'Book This Flight' }).first().click();

  // Passengers.
  await page.waitForURL(/\/booking\?offer=.*adults=2/);
  await page.getByRole('heading', { name: 'Passenger 2: Adult (12+ years)' }).waitFor();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByText('Please complete all required passenger information before continuing.').waitFor();
  await shoot(page, '02-passengers-errors');
  const email = await fillPassengers(page, 2);
  await shoot(page, '03-passengers');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  // Seats: each passenger in turn on every flight, by keyboard for the second.
  await page.getByRole('heading', { name: 'Seat Selection' }).waitFor();
  const maps = page.getByRole('region', { name: /^Seat map,/ });
  await maps.first().waitFor();
  const mapCount = await maps.count();
  for (let index = 0; index < mapCount; index += 1) {
    const map = maps.nth(index);
    await map
      .getByRole('button', { name: /available, / })
      .first()
      .click();
    const next = map.locator('button[tabindex="0"]');
    await next.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
  }
  await shoot(page, '04-seats');
  const seatsLine = page.getByRole('region', { name: 'Flight summary' });
  const totalBefore = await seatsLine.textContent();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  // Payment with the 4242 card.
  await page.getByRole('heading', { name: 'Payment' }).waitFor();
  await page.getByText('Test environment: no real payment is taken').waitFor();
  await fillCard(page, '4242 4242 4242 4242');
  await shoot(page, '05-payment');
  await page.getByRole('button', { name: 'Complete Booking' }).click();

  // Confirmation with the new account.
  await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor({ timeout: scaled(45_000) });
  const confirmation = await page.locator('main').textContent();
  const reference = /Booking reference([A-Z0-9]{5,8})Booking ID/.exec(confirmation ?? '')?.[1];
  expect(reference).toBeDefined();
  expect(confirmation).toContain('Card**** **** **** 4242');
  expect(confirmation).toContain('Primary passengerAda Lovelace');
  expect(confirmation).toContain('Passengers2 × Adult (12+ years)');
  expect(confirmation).toContain('Your account was created');
  // Issue 20 item 4: the seats bought, per passenger and flight.
  expect(confirmation).toMatch(/Seat, [A-Z0-9]{2} \d+ [A-Z]{3} → [A-Z]{3}\d+[A-Z] · Ada Lovelace/);
  expect(confirmation).toMatch(/\d+[A-Z] · Charles Babbage/);
  expect(totalBefore).toContain('Total price');
  await shoot(page, '06-confirmation');
  await copyButtonsStayInside(page);

  // My Trips → details → cancel.
  await page.getByRole('link', { name: 'View My Trips' }).click();
  await page.getByRole('tab', { name: 'Upcoming 1' }).waitFor();
  await shoot(page, '07-my-trips');
  await page.getByRole('button', { name: 'View Details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Booking Details' });
  await dialog.getByText('Ada Lovelace').first().waitFor();
  const seatsShown = dialog.getByRole('region', { name: 'Seats' });
  expect(await seatsShown.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
  expect(await seatsShown.textContent()).toContain('Charles Babbage');
  await shoot(page, '08-trip-details');
  // Issue 20 item 2: the quote before cancelling, and the refund as quoted after.
  await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
  const quote = dialog.getByRole('group', { name: 'Refund quote' });
  await quote.waitFor({ timeout: scaled(30_000) });
  const quoted = (await quote.textContent()) ?? '';
  expect(quoted).toContain('The refund goes to your card ending 4242.');
  expect(quoted).toMatch(/This quote is valid until \d{2}:\d{2}/);
  const refundShown = /Refund(\$[\d,]+\.\d{2})/.exec(quoted)?.[1];
  expect(refundShown).toBeDefined();
  await quoteAmountsInColumn(quote);
  await shoot(page, '08b-cancel-quote');
  await dialog.getByRole('button', { name: 'Yes, Cancel Booking' }).click();
  await page
    .getByText('Booking cancelled', { exact: true })
    .first()
    .waitFor({ timeout: scaled(45_000) });
  await page.getByText(`${refundShown} will be refunded to your card ending 4242.`).first().waitFor();
  await page.getByRole('tab', { name: 'Cancelled 1' }).click();
  await page.getByRole('article').first().waitFor();
  await shoot(page, '09-my-trips-cancelled');
  await page.getByRole('button', { name: 'View Details' }).click();
  const refunded = page.getByRole('dialog', { name: 'Booking Details' }).getByRole('region', { name: 'Refund' });
  await refunded.getByText(`${refundShown} refunded to your card ending 4242.`).waitFor();
  await shoot(page, '09a-trip-refund');
  await page.keyboard.press('Escape');

  // Issue 20: Support → My Bookings finds it by the reference as the confirmation shows it, in any case.
  await page.goto(`${baseUrl}/support?tab=bookings`);
  await page.getByLabel('Booking reference').fill(reference!.toLowerCase());
  await page.getByLabel('Email used to book').fill(email);
  await page.getByRole('button', { name: 'Retrieve Booking' }).click();
  await page.getByText('Cancelled: this booking has been cancelled.').waitFor();
  await shoot(page, '09b-booking-lookup');

  // A declined card: the seed's toast, the number cleared and focused, the holder kept.
  await page.goto(`${baseUrl}/booking?offer=${encodeURIComponent(others[0]!)}&adults=2`);
  await fillPassengers(page, 2);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('button', { name: 'Skip Seat Selection' }).click();
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Complete Booking' }).click();
  await page.getByText('Card Payment Failed').first().waitFor();
  await expect.poll(() => page.getByLabel('Card number').inputValue(), { timeout: scaled(15_000) }).toBe('');
  expect(await page.getByLabel('Card holder name').inputValue()).toBe('Ada Lovelace');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('cc-number');
  await shoot(page, '10-card-declined');

  // An offer that expires on the payment step: the expired toast, then search after 4 s.
  await page.goto(`${baseUrl}/booking?offer=${encodeURIComponent(others[1]!)}&adults=2`);
  await fillPassengers(page, 2);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('button', { name: 'Skip Seat Selection' }).click();
  await page.getByRole('heading', { name: 'Payment' }).waitFor();
  engine!.runtime.sandboxes!.duffel!.faults.expireOffer(others[1]!);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Complete Booking' }).click();
  await page.getByText('Flight Offer Expired').first().waitFor();
  await shoot(page, '11-offer-expired');
  await page.waitForURL(/\/search/, { timeout: scaled(10_000) });

  // Issue 20: the demo brands, chosen with ?brand= and kept for the tab across full page loads.
  for (const [key, name] of [
    ['skyhop', 'SkyHop Travel'],
    ['nordlys', 'Nordlys Air Travel'],
  ]) {
    await page.goto(`${baseUrl}/?brand=${key}`);
    await expect.poll(() => page.title(), { timeout: scaled(15_000) }).toBe(`${name} - Flight Booking`);
    await shoot(page, `12-brand-${key}`);
  }
  await page.goto(`${baseUrl}/about`);
  await expect.poll(() => page.title(), { timeout: scaled(15_000) }).toBe('Nordlys Air Travel - Flight Booking');
}
