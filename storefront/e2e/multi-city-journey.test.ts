/// <reference types="node" />
/**
 * Issue 34's "done when" for multi-city, in real Chromium against the real engine (embedded
 * storage, the Duffel sandbox): the form's Multi-city tab searches three flights, and a booking of
 * three flights completes with a seat on each, shown on the confirmation and in My Trips.
 */
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '@contrail/shared/test-support/time-scale';
import {
  chromiumAvailable,
  ensureStorefrontBuild,
  launchChromium,
  startStorefrontEngine,
  type StorefrontEngine,
} from './support/storefront-engine';
import { fillCard, fillPassengers, offerFacts } from './support/booking-steps';
import { allOfferLinks } from './support/results';

const chromiumThere = chromiumAvailable('the multi-city journey');

let engine: StorefrontEngine | undefined;
let browser: Browser;

const day = (offset: number) => format(addDays(new Date(), offset), 'yyyy-MM-dd');
// Within the United States: no passports to fill, and its network airlines sell seats.
const FLIGHTS = [
  ['SEA', 'SFO', day(30)],
  ['SFO', 'LAX', day(33)],
  ['LAX', 'SEA', day(37)],
] as const;

/** The first offer whose every flight has a seat map and that needs no passport. */
async function offerWithSeatsOnEachFlight(offerIds: string[]): Promise<string> {
  for (const id of offerIds) {
    const facts = await offerFacts(engine!.baseUrl, id);
    if (facts.passportsRequired || !facts.hasSeatMaps) continue;
    const maps = (await (
      await fetch(`${engine!.baseUrl}/api/flights/seatmaps/${encodeURIComponent(id)}`)
    ).json()) as Array<{ slice_id: string }>;
    if (new Set(maps.map((map) => map.slice_id)).size === FLIGHTS.length) return id;
  }
  throw new Error('No multi-city offer has seat maps on all three flights');
}

/** Types into the Multi-city row's airport picker and chooses the airport. */
async function chooseAirport(page: Page, flight: number, label: 'From' | 'To', code: string) {
  const row = page.getByRole('group', { name: `Flight ${flight}` });
  const box = row.getByRole('combobox', { name: label });
  await box.fill(code);
  await page
    .getByRole('option', { name: new RegExp(`\\b${code}\\b`) })
    .first()
    .click();
}

describe.runIf(chromiumThere)('browser journey: multi-city', () => {
  beforeAll(async () => {
    await ensureStorefrontBuild();
    engine = await startStorefrontEngine('e2e-multi-city', { NODE_ENV: 'test' });
    browser = await launchChromium();
  }, scaled(240_000));

  afterAll(async () => {
    await browser?.close();
    await engine?.close();
  });

  it(
    'books three flights with a seat on each, and shows them on the confirmation and in My Trips',
    async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.setDefaultTimeout(scaled(30_000));
      try {
        await page.goto(`${engine!.baseUrl}/`);
        await page.getByRole('tab', { name: 'Multi-city' }).click();
        await page.getByRole('group', { name: 'Flight 2' }).waitFor();
        await page.getByRole('button', { name: 'Add flight' }).click();
        await chooseAirport(page, 1, 'From', 'SEA');
        await chooseAirport(page, 1, 'To', 'SFO');
        // The second flight leaves from where the first landed, already filled.
        expect(
          await page.getByRole('group', { name: 'Flight 2' }).getByRole('combobox', { name: 'From' }).inputValue(),
        ).toContain('SFO');
        await chooseAirport(page, 2, 'To', 'LAX');
        await chooseAirport(page, 3, 'To', 'SEA');
        // The dates through the URL the form writes: picking days in three calendars adds nothing here.
        await page.getByRole('button', { name: 'Search Flights' }).click();
        await page.getByRole('group', { name: 'Flight 1' }).getByText('Departure date is required').waitFor();
        const slices = FLIGHTS.map((flight) => flight.join('-')).join(',');
        await page.goto(
          `${engine!.baseUrl}/search?tripType=multi-city&slices=${slices}&adults=1&children=0&infants=0&cabinClass=economy`,
        );

        await page
          .getByRole('link', { name: /^View details/ })
          .first()
          .waitFor({ timeout: scaled(60_000) });
        expect(await page.getByRole('region', { name: 'Search summary' }).textContent()).toContain('Multi-city');
        const hrefs = await allOfferLinks(page);
        const idOf = (href: string) => decodeURIComponent(href.split('/flight/')[1]!.split('?')[0]!);
        const chosen = await offerWithSeatsOnEachFlight(hrefs.map(idOf));
        await page.locator(`a[href="${hrefs.find((href) => idOf(href) === chosen)}"]`).click();
        await page.getByText('This offer is available.').waitFor();
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('SEA to SFO to LAX to SEA');
        await page.getByRole('link', { name: 'Book This Flight' }).first().click();

        await page.waitForURL(/\/booking\?offer=/);
        await fillPassengers(page, 1);
        await page.getByRole('button', { name: 'Continue to Payment' }).click();

        // Seats: one on every flight of every slice, each slice under its own heading.
        await page.getByRole('heading', { name: 'Seat Selection' }).waitFor();
        for (const flight of [1, 2, 3]) await page.getByRole('region', { name: `Flight ${flight} seats` }).waitFor();
        const maps = page.getByRole('region', { name: /^Seat map,/ });
        const mapCount = await maps.count();
        expect(mapCount).toBeGreaterThanOrEqual(3);
        for (let index = 0; index < mapCount; index += 1) {
          await maps
            .nth(index)
            .getByRole('button', { name: /available, / })
            .first()
            .click();
        }
        await page.getByRole('button', { name: 'Continue to Payment' }).click();

        await page.getByRole('heading', { name: 'Payment' }).waitFor();
        expect(await page.getByRole('region', { name: 'Order summary' }).textContent()).toContain('Multi-city');
        await fillCard(page, '4242 4242 4242 4242');
        await page.getByRole('button', { name: 'Complete Booking' }).click();

        await page.getByRole('heading', { name: 'Booking Confirmed' }).waitFor({ timeout: scaled(90_000) });
        const confirmation = (await page.locator('main').textContent()) ?? '';
        for (const [from, to] of FLIGHTS) {
          // A seat on each flight: the line names a flight of that slice and the seat.
          const seatLine = new RegExp(
            `Seat, [A-Z0-9]{2} \\d+ (?:${from} → [A-Z]{3}|[A-Z]{3} → ${to})\\d+[A-Z] · Ada Lovelace`,
          );
          expect(confirmation).toMatch(seatLine);
        }

        await page.getByRole('link', { name: 'View My Trips' }).click();
        await page.getByRole('tab', { name: 'Upcoming 1' }).waitFor();
        const trips = (await page.locator('main').textContent()) ?? '';
        expect(trips).toContain('Multi-city');
        expect(trips).toContain('SEA → SFO → LAX → SEA');
        await page.getByRole('button', { name: 'View Details' }).click();
        const dialog = page.getByRole('dialog', { name: 'Booking Details' });
        await dialog.getByText('Flight 3:').waitFor();
        const seats = dialog.getByRole('region', { name: 'Seats' });
        expect(await seats.getByRole('listitem').count()).toBeGreaterThanOrEqual(mapCount);
      } finally {
        await page.close();
      }
    },
    scaled(360_000),
  );
});
