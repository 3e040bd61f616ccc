/// <reference types="node" />
/**
 * Issue 36 in real Chromium against the real engine (embedded storage, the Duffel and Stripe
 * sandboxes): the owner shares a booked trip from My Trips; the link opened in a fresh browser
 * context (no cookies: a co-traveller) shows the flights and the travellers' names and nothing
 * else of theirs; once revoked, the same link answers exactly as an unknown token does.
 * The booking itself is made through the engine's API from the page (its flow has its own journey).
 */
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import type { FlightOffer } from '@contrail/shared';
import { isInternationalOffer } from '@contrail/shared/booking/international';
import { SHARE_TEXT } from '@contrail/shared/booking/trip-share';
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

const chromiumThere = chromiumAvailable('the shared trip journey');

let engine: StorefrontEngine | undefined;
let browser: Browser;

const TRAVELLER = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada.shares@example.com',
  phone: '+1 212 555 0100',
  dateOfBirth: '1985-12-10',
};

async function domesticOffer(): Promise<FlightOffer> {
  const offers = await engine!.runtime.deps.flights!.search({
    origin: 'JFK',
    destination: 'LAX',
    departureDate: format(addDays(new Date(), 33), 'yyyy-MM-dd'),
    cabinClass: 'economy',
    adultsCount: 1,
    childrenCount: 0,
    infantsCount: 0,
  } as never);
  const offer = offers.find((one) => !isInternationalOffer(one));
  if (!offer) throw new Error('JFK-LAX should sell a domestic offer');
  return offer;
}

/** Books the offer from the page (same origin, the page's cookies): the traveller is signed in afterwards. */
async function bookFromPage(page: Page, offer: FlightOffer): Promise<string> {
  const amount = customerAmount(offer, { pricing: DEFAULT_PRICING, travellers: 1 });
  return page.evaluate(
    async ({ offerId, amount, currency, traveller }) => {
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
      const holderName = `${traveller.firstName} ${traveller.lastName}`;
      const card = { number: '4242424242424242', expiryMonth: '12', expiryYear: '34', cvv: '123', holderName };
      const payment = await post('/api/payments/process-card', { offerId, amount, currency, cardDetails: card });
      const passenger = { id: 'p1', type: 'adult', title: 'ms', gender: 'female', ...traveller };
      const booked = await post(
        '/api/bookings',
        {
          offerId,
          passengers: [passenger],
          paymentDetails: { amount, currency, cardDetails: { holderName } },
          paymentId: payment.paymentId,
        },
        { 'Idempotency-Key': crypto.randomUUID() },
      );
      return booked.id as string;
    },
    { offerId: offer.id, amount, currency: offer.total_currency, traveller: TRAVELLER },
  );
}

/** What `POST /api/shared-trips/view` answers a token, from a page of that origin. */
async function viewAnswer(page: Page, token: string): Promise<{ status: number; body: unknown }> {
  return page.evaluate(async (token) => {
    const answer = await fetch('/api/shared-trips/view', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    return { status: answer.status, body: (await answer.json()) as unknown };
  }, token);
}

/** Opens a link in a context of its own (no cookies, no storage), as a co-traveller would. */
async function openAsStranger(url: string, check: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(scaled(30_000));
    await page.goto(url);
    await check(page);
  } finally {
    await context.close();
  }
}

describe.runIf(chromiumThere)('browser journey: sharing a trip with co-travellers', () => {
  beforeAll(async () => {
    await ensureStorefrontBuild();
    engine = await startStorefrontEngine('e2e-shared-trip', { NODE_ENV: 'test' });
    browser = await launchChromium();
  }, scaled(240_000));

  afterAll(async () => {
    await browser?.close();
    await engine?.close();
  });

  it(
    'a link from My Trips shows the flights and names only; revoked, it answers as an unknown token',
    async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.setDefaultTimeout(scaled(30_000));
      try {
        await page.goto(engine!.baseUrl);
        const offer = await domesticOffer();
        await bookFromPage(page, offer);

        await page.goto(`${engine!.baseUrl}/my-trips`);
        await page.getByRole('button', { name: 'View Details' }).first().click();
        const dialog = page.getByRole('dialog', { name: 'Booking Details' });
        const sharing = dialog.getByRole('region', { name: SHARE_TEXT.heading });
        await sharing.getByRole('button', { name: SHARE_TEXT.create }).click();
        const link = await sharing.getByLabel(SHARE_TEXT.shownOnce).inputValue();
        expect(link).toMatch(/\/shared-trip#[\w-]+\.[\w-]{43}$/);
        const token = link.split('#')[1]!;
        await expect.poll(() => sharing.textContent()).toContain(SHARE_TEXT.revoke);

        const flight = offer.slices[0]!.segments[0]!;
        await openAsStranger(link, async (shared) => {
          await shared.getByRole('heading', { name: SHARE_TEXT.pageTitle }).waitFor();
          const text = (await shared.locator('main').textContent()) ?? '';
          expect(text).toContain(flight.flight_number);
          expect(text).toContain(`(${offer.slices[0]!.origin.iata_code}) to`);
          expect(text).toContain(`${TRAVELLER.firstName} ${TRAVELLER.lastName}`);
          for (const secret of [TRAVELLER.email, TRAVELLER.phone, TRAVELLER.dateOfBirth, '1985', '4242'])
            expect(text).not.toContain(secret);
          const answer = await viewAnswer(shared, token);
          expect(answer.status).toBe(200);
          expect(Object.keys(answer.body as object).sort()).toEqual(['passengers', 'reference', 'slices', 'status']);
          expect(JSON.stringify(answer.body)).not.toContain(TRAVELLER.email);
        });

        await sharing.getByRole('button', { name: SHARE_TEXT.revoke }).click();
        await sharing.getByText(SHARE_TEXT.revoked).waitFor();

        const unknownToken = `${token.split('.')[0]!}.${'A'.repeat(43)}`;
        await openAsStranger(link, async (shared) => {
          await shared.getByRole('heading', { name: SHARE_TEXT.inactive }).waitFor();
          expect(await shared.getByText(TRAVELLER.lastName).count()).toBe(0);
          const revoked = await viewAnswer(shared, token);
          const unknown = await viewAnswer(shared, unknownToken);
          const garbage = await viewAnswer(shared, 'not-a-token');
          expect(revoked.status).toBe(404);
          expect(revoked).toEqual(unknown);
          expect(revoked).toEqual(garbage);
        });
        await openAsStranger(`${engine!.baseUrl}/shared-trip#${unknownToken}`, async (shared) => {
          await shared.getByRole('heading', { name: SHARE_TEXT.inactive }).waitFor();
        });
      } finally {
        await page.close();
      }
    },
    scaled(240_000),
  );
});
