/// <reference types="node" />
/**
 * Issue #36 in real Chromium against the real engine (the Duffel sandbox mounted): a traveller's
 * booked trip is moved by the airline (the sandbox's control, its signed webhook delivered twice);
 * My Trips says "Action needed" with the old and new times side by side; support sees it in the
 * queue; the traveller accepts the new times. axe finds nothing on either screen at 1280 and 390 px.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { customerAmount } from '@contrail/shared/pricing/price-offer';
import type { BrandPricing } from '@contrail/shared/pricing/pricing';
import { scaled } from '@contrail/shared/test-support/time-scale';
import type { AxeResults } from 'axe-core';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFirstAdmin } from './support/admin-sign-in';
import {
  chromiumAvailable,
  ensureStorefrontBuild,
  launchChromium,
  startStorefrontEngine,
  type StorefrontEngine,
} from './support/storefront-engine';
import { resizeTo } from './support/viewport';

const chromiumThere = chromiumAvailable('the schedule-change journey');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const shots = process.env.CONTRAIL_SCREENSHOTS;

let engine: StorefrontEngine | undefined;
let browser: Browser;

async function posted(api: APIRequestContext, url: string, data: object, headers: Record<string, string> = {}) {
  const answer = await api.post(url, { data, headers, timeout: scaled(60_000) });
  const body = (await answer.json()) as Record<string, unknown>;
  if (!answer.ok()) throw new Error(`POST ${url} answered ${answer.status()}: ${JSON.stringify(body)}`);
  return body;
}

/** A flight booked through the API as the signed-in traveller (the page's own session): its booking id. */
async function bookFlight(api: APIRequestContext, baseUrl: string): Promise<string> {
  const brand = (await (await api.get(`${baseUrl}/api/brands/default`)).json()) as { pricing: BrandPricing };
  const date = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
  const search = await posted(api, `${baseUrl}/api/flights/search`, {
    origin: 'JFK',
    destination: 'LAX',
    departureDate: date,
    cabinClass: 'economy',
    adultsCount: 1,
  });
  const { id } = ((search.offers ?? search.data) as Array<{ id: string }>)[0]!;
  const answer = (await (await api.get(`${baseUrl}/api/flights/offer/${id}`)).json()) as Record<string, unknown>;
  type FullOffer = Parameters<typeof customerAmount>[0] & {
    id: string;
    total_currency: string;
    passengers: Array<{ id: string }>;
  };
  const offer = (answer.offer ?? answer.data ?? answer) as FullOffer;
  const amount = customerAmount(offer, { pricing: brand.pricing, travellers: offer.passengers.length });
  const card = {
    number: '4242 4242 4242 4242',
    expiryMonth: '12',
    expiryYear: '34',
    cvv: '123',
    holderName: 'Ines Ortega',
  };
  const payment = await posted(api, `${baseUrl}/api/payments/process-card`, {
    offerId: offer.id,
    amount,
    currency: offer.total_currency,
    cardDetails: card,
  });
  const booked = await posted(
    api,
    `${baseUrl}/api/bookings`,
    {
      offerId: offer.id,
      passengers: [
        {
          id: offer.passengers[0]!.id,
          type: 'adult',
          title: 'ms',
          firstName: 'Ines',
          lastName: 'Ortega',
          gender: 'female',
          dateOfBirth: '1990-02-03',
          email: 'ines.ortega@example.com',
          phone: '+1 212 555 0142',
          nationality: 'US',
        },
      ],
      paymentDetails: { amount, currency: offer.total_currency, cardDetails: { holderName: 'Ines Ortega' } },
      paymentId: payment.paymentId,
    },
    { 'Idempotency-Key': 'schedule-change-journey' },
  );
  expect(booked.status).toBe('confirmed');
  return booked.id as string;
}

/** axe on the page as it is at 1280 and 390 px: the violations found, as lines. */
async function axeAt(page: Page, state: string): Promise<string[]> {
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
    for (const violation of results.violations)
      found.push(`${violation.id} on ${state} @${width}: ${violation.nodes.map((node) => node.target.join(' '))}`);
    if (shots) await page.screenshot({ path: path.join(shots, `${state}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  return found;
}

describe.runIf(chromiumThere)('browser journey: an airline schedule change', () => {
  beforeAll(async () => {
    if (shots) mkdirSync(shots, { recursive: true });
    await ensureStorefrontBuild();
    engine = await startStorefrontEngine('e2e-schedule-change', { NODE_ENV: 'test' });
    browser = await launchChromium();
  }, scaled(240_000));

  afterAll(async () => {
    await browser?.close();
    await engine?.close();
  });

  it(
    'shows "Action needed" with the old and new times in My Trips and in the support queue; the traveller accepts',
    async () => {
      const { baseUrl, dataDir } = engine!;
      const traveller = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      traveller.setDefaultTimeout(scaled(30_000));
      admin.setDefaultTimeout(scaled(30_000));
      try {
        await posted(traveller.request, `${baseUrl}/api/auth/register`, {
          username: 'inesortega',
          email: 'ines.ortega@example.com',
          firstName: 'Ines',
          lastName: 'Ortega',
          password: 'a-Traveller-Password-7!',
        });
        await posted(traveller.request, `${baseUrl}/api/auth/login`, {
          username: 'inesortega',
          password: 'a-Traveller-Password-7!',
        });
        const bookingId = await bookFlight(traveller.request, baseUrl);

        await signInFirstAdmin(admin.request, baseUrl, dataDir);
        const moved = await posted(admin.request, `${baseUrl}/api/admin/sandbox/schedule-change`, {
          bookingId,
          minutes: 95,
          deliveries: 2,
        });
        expect(moved.deliveries).toEqual([200, 200]);

        await traveller.goto(`${baseUrl}/my-trips`);
        const notice = traveller.getByRole('region', { name: 'The airline changed your flights' });
        await notice.waitFor();
        await notice.getByText('Action needed').waitFor();
        await expect
          .poll(() => notice.getByRole('columnheader').allTextContents())
          .toEqual(['Flight', 'Before', 'Now']);
        const cells = await notice.getByRole('row').nth(1).getByRole('cell').allTextContents();
        expect(cells[0]).toMatch(/^Departs .+Arrives .+$/);
        expect(cells[1]).toMatch(/^Departs .+Arrives .+$/);
        expect(cells[1]).not.toBe(cells[0]);
        expect(await axeAt(traveller, 'my-trips-schedule-change')).toEqual([]);

        await admin.goto(`${baseUrl}/admin/support`);
        const queue = admin.getByRole('region', { name: /Airline schedule changes/ });
        await queue.getByRole('table').first().waitFor();
        expect(await axeAt(admin, 'support-schedule-change-queue')).toEqual([]);

        await notice.getByRole('button', { name: 'Accept new times' }).click();
        await traveller.getByRole('status').filter({ hasText: 'You accepted the new times.' }).waitFor();
        await notice.waitFor({ state: 'detached' });
        await traveller.reload();
        await traveller.getByRole('tab', { name: /Upcoming/ }).waitFor();
        await expect
          .poll(() => traveller.getByRole('region', { name: 'The airline changed your flights' }).count())
          .toBe(0);
      } finally {
        await traveller.close();
        await admin.close();
      }
    },
    scaled(240_000),
  );
});
