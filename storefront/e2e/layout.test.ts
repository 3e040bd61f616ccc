/// <reference types="node" />
/**
 * Issue 33 item 13's layout faults, measured in real Chromium against the real engine (boxes,
 * computed styles, scroll sizes), so that each would fail again if it came back: the date picker
 * covering the headline, bullets beside the cookie cards on a phone, carrier names cut short on
 * the result cards and a one-way card's empty lower half at 1280, and on a phone a seat map wider
 * than the screen without a word that it scrolls sideways.
 */
import path from 'node:path';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { fillTravellers, offerFacts } from './support/booking-steps';
import {
  chromiumAvailable,
  ensureStorefrontBuild,
  launchChromium,
  startStorefrontEngine,
  type StorefrontEngine,
} from './support/storefront-engine';
import { resizeTo, settled } from './support/viewport';
import { allOfferLinks } from './support/results';

const chromiumThere = chromiumAvailable('the layout checks');

let engine: StorefrontEngine | undefined;
let browser: Browser;
const shots = process.env.CONTRAIL_SCREENSHOTS;

/** With CONTRAIL_SCREENSHOTS=dir, a picture of the state measured, at the page's own size. */
async function shoot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: path.join(shots, `layout-${name}-${page.viewportSize()!.width}.png`) });
}

/** A page of the given size, closed whatever happens in `check`. */
async function withPage(width: number, height: number, check: (page: Page) => Promise<void>) {
  const page = await browser.newPage({ viewport: { width, height } });
  page.setDefaultTimeout(scaled(30_000));
  try {
    await check(page);
  } finally {
    await page.close();
  }
}

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, 'the element is laid out').not.toBeNull();
  return found!;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

function searchUrl(origin: string, destination: string, adults = 1): string {
  const params = new URLSearchParams({
    origin,
    destination,
    departureDate: format(addDays(new Date(), 30), 'yyyy-MM-dd'),
    adults: String(adults),
    children: '0',
    infants: '0',
    cabinClass: 'economy',
    tripType: 'one-way',
  });
  return `${engine!.baseUrl}/search?${params.toString()}`;
}

/**
 * The one-way results for two travellers (the price column then carries the per-person line too,
 * the tallest it gets) at 1280 px: each card's carrier-name lines as laid out, and the free space
 * above and below its flights.
 */
async function resultCards() {
  let measured: Array<{
    names: Array<{ text: string; lineClamp: string; textOverflow: string; clipped: boolean; inside: boolean }>;
    slices: number;
    above: number;
    below: number;
  }> = [];
  await withPage(1280, 900, async (page) => {
    await page.goto(searchUrl('SEA', 'BOS', 2));
    const cards = page.getByRole('list', { name: 'Flight offers' }).getByRole('article');
    await cards.first().waitFor();
    await settled(page);
    await shoot(page, 'result-cards');
    measured = await cards.evaluateAll((articles) =>
      articles.map((article) => {
        const card = article.getBoundingClientRect();
        const names = [...article.querySelectorAll('p')]
          .filter((label) => label.textContent === 'Outbound' || label.textContent === 'Return')
          .map((label) => label.nextElementSibling as HTMLElement);
        const flights = article.firstElementChild as HTMLElement;
        const column = flights.getBoundingClientRect();
        const style = getComputedStyle(flights);
        const content = [...flights.children].map((child) => child.getBoundingClientRect());
        return {
          names: names.map((name) => {
            const shown = getComputedStyle(name);
            const rect = name.getBoundingClientRect();
            return {
              text: name.textContent ?? '',
              lineClamp: shown.webkitLineClamp,
              textOverflow: shown.textOverflow,
              clipped: name.scrollHeight > name.clientHeight + 1 || name.scrollWidth > name.clientWidth + 1,
              inside: rect.left >= card.left && rect.right <= card.right,
            };
          }),
          slices: names.length,
          above: content[0]!.top - column.top - parseFloat(style.paddingTop),
          below: column.bottom - content.at(-1)!.bottom - parseFloat(style.paddingBottom),
        };
      }),
    );
  });
  expect(measured.length).toBeGreaterThan(0);
  return measured;
}

describe.runIf(chromiumThere)('layout in the browser (issue 33 item 13)', () => {
  beforeAll(async () => {
    await ensureStorefrontBuild();
    engine = await startStorefrontEngine('e2e-layout', { NODE_ENV: 'test' });
    browser = await launchChromium();
  }, scaled(240_000));

  afterAll(async () => {
    await browser?.close();
    await engine?.close();
  });

  // A laptop's and a phone's height: short enough that a calendar free to flip would open above its field.
  it.each([
    [1280, 720],
    [390, 664],
  ])(
    'at %i x %i px the date picker opens below its field, clear of the headline',
    async (width, height) => {
      await withPage(width, height, async (page) => {
        await page.goto(`${engine!.baseUrl}/`);
        const headline = page.getByRole('heading', { level: 1, name: 'Find and book your next flight' });
        const field = page.getByRole('button', { name: /^Departure/ });
        await field.click();
        const calendar = page.getByRole('dialog', { name: 'Departure calendar' });
        await calendar.getByRole('grid').first().waitFor();
        await settled(page);
        await shoot(page, 'date-picker');
        const [headlineBox, fieldBox, calendarBox] = await Promise.all([box(headline), box(field), box(calendar)]);
        expect(calendarBox.y, 'the calendar starts below its field').toBeGreaterThanOrEqual(
          fieldBox.y + fieldBox.height - 1,
        );
        expect(overlaps(calendarBox, headlineBox), 'the calendar covers the headline').toBe(false);
      });
    },
    scaled(120_000),
  );

  it(
    'on a phone the cookie cards have no bullets and no list indent',
    async () => {
      await withPage(390, 844, async (page) => {
        await page.goto(`${engine!.baseUrl}/cookies`);
        const cards = page.getByRole('list', { name: 'Types of cookies we use' });
        await cards.waitFor();
        await cards.scrollIntoViewIfNeeded();
        await shoot(page, 'cookie-cards');
        const measured = await cards.evaluate((list) => {
          const items = [...list.querySelectorAll(':scope > li')];
          const listLeft = list.getBoundingClientRect().left;
          return {
            listStyle: getComputedStyle(list).listStyleType,
            paddingLeft: getComputedStyle(list).paddingLeft,
            items: items.map((item) => ({
              listStyle: getComputedStyle(item).listStyleType,
              display: getComputedStyle(item).display,
              indent: item.getBoundingClientRect().left - listLeft,
            })),
          };
        });
        expect(measured.items.length).toBeGreaterThan(1);
        expect(measured.listStyle).toBe('none');
        expect(measured.paddingLeft).toBe('0px');
        for (const item of measured.items) {
          // A bullet needs both: a list-item box and a marker style.
          expect(item.display === 'list-item' && item.listStyle !== 'none', JSON.stringify(item)).toBe(false);
          expect(Math.abs(item.indent)).toBeLessThanOrEqual(0.5);
        }
      });
    },
    scaled(120_000),
  );

  it(
    'at 1280 px result cards show whole carrier names, partners too',
    async () => {
      const measured = await resultCards();
      const names = measured.flatMap((card) => card.names);
      // Partners on one card ("Alaska Airlines, American Airlines") are where a clamp cut names off.
      expect(names.some((name) => name.text.includes(', '))).toBe(true);
      for (const name of names) {
        expect(name, name.text).toMatchObject({
          lineClamp: 'none',
          textOverflow: 'clip',
          clipped: false,
          inside: true,
        });
      }
    },
    scaled(180_000),
  );

  it(
    "at 1280 px a one-way card's flights sit centred beside the price, not above an empty lower half",
    async () => {
      const oneWay = (await resultCards()).filter((card) => card.slices === 1);
      expect(oneWay.length).toBeGreaterThan(0);
      // The price column makes the card taller than its one row of flights...
      expect(oneWay.some((card) => card.above + card.below > 24)).toBe(true);
      // ...and the row sits in the middle.
      for (const card of oneWay) expect(Math.abs(card.above - card.below), JSON.stringify(card)).toBeLessThanOrEqual(2);
    },
    scaled(180_000),
  );

  it(
    'on a phone a seat map wider than the screen says it scrolls sideways and scrolls inside itself; at 1280 px it fits and says nothing',
    async () => {
      await withPage(390, 844, async (page) => {
        // A domestic journey (no passports): even six seats abreast are wider than a phone.
        await page.goto(searchUrl('JFK', 'HNL'));
        const hrefs = await allOfferLinks(page);
        let chosen: string | undefined;
        for (const href of hrefs) {
          const id = decodeURIComponent(href.split('/flight/')[1]!.split('?')[0]!);
          const facts = await offerFacts(engine!.baseUrl, id);
          if (!facts.passportsRequired && facts.hasSeatMaps) {
            chosen = href;
            break;
          }
        }
        expect(chosen, 'an offer with seat maps that needs no passport').toBeDefined();
        await page.goto(`${engine!.baseUrl}${chosen!}`);
        // On a phone the page's own bar books ("Book Now"); the wide screen's header is hidden.
        await page
          .getByRole('link', { name: /^Book (This Flight|Now)$/ })
          .first()
          .click();
        await page.getByRole('heading', { name: /^Passenger 1/ }).waitFor();
        await fillTravellers(page, [{ firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1985-12-10' }]);
        await page.getByRole('button', { name: 'Continue to Payment' }).click();
        const map = page.getByRole('region', { name: /^Seat map,/ }).first();
        await map.waitFor();
        await settled(page);
        await map.scrollIntoViewIfNeeded();
        await shoot(page, 'seat-map');

        const measured = await map.evaluate((region) => {
          const scroller = [...region.querySelectorAll<HTMLElement>('*')].find(
            (element) => getComputedStyle(element).overflowX === 'auto',
          )!;
          const before = {
            scrollWidth: scroller.scrollWidth,
            clientWidth: scroller.clientWidth,
            right: scroller.getBoundingClientRect().right,
            pageWidth: document.documentElement.scrollWidth,
          };
          // Scrolled to its end, the last seats of a row come into view.
          scroller.scrollLeft = scroller.scrollWidth;
          const seats = [...scroller.querySelectorAll('button[data-pos]')];
          return { ...before, lastSeatRight: Math.max(...seats.map((seat) => seat.getBoundingClientRect().right)) };
        });
        // The map is wider than its frame, and the frame (not the page) scrolls.
        expect(measured.scrollWidth).toBeGreaterThan(measured.clientWidth);
        expect(measured.right).toBeLessThanOrEqual(390);
        expect(measured.pageWidth).toBeLessThanOrEqual(390);
        expect(measured.lastSeatRight).toBeLessThanOrEqual(390);
        const hint = map.getByRole('note');
        await expect
          .poll(async () => (await hint.textContent())?.trim(), { timeout: scaled(10_000) })
          .toBe('Scroll sideways to see every seat.');
        const hintBox = await box(hint);
        expect(hintBox.x).toBeGreaterThanOrEqual(0);
        expect(hintBox.x + hintBox.width).toBeLessThanOrEqual(390);

        // Where the map fits (1280 px), the hint goes.
        await resizeTo(page, 1280, 900);
        await expect.poll(() => hint.count(), { timeout: scaled(10_000) }).toBe(0);
        await map.scrollIntoViewIfNeeded();
        await shoot(page, 'seat-map');
      });
    },
    scaled(240_000),
  );
});
