/// <reference types="node" />
/**
 * Issue 31: a day at the support desk in real Chromium against the real engine (production
 * headers, two-factor required for staff). The platform admin invites a support agent from the staff
 * page; the agent accepts the emailed link, signs in and enrols TOTP, finds the traveller's booking,
 * by the traveller's surname, reveals its passport data with a reason that then shows on the booking,
 * cancels it with a refund for the traveller, and answers the traveller's message in the inbox. A brand
 * admin of another brand, invited too, finds none of it and may not change their brand's pricing.
 */
import { customerAmount } from '@contrail/shared/pricing/price-offer';
import type { BrandPricing } from '@contrail/shared/pricing/pricing';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { request as http, type APIRequestContext, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFirstAdmin } from './support/admin-sign-in';
import {
  chromiumAvailable,
  ensureStorefrontBuild,
  launchChromium,
  startStorefrontEngine,
  type StorefrontEngine,
} from './support/storefront-engine';
import { totpCode } from './support/totp-code';

const chromiumThere = chromiumAvailable('the support journey browser test');
interface Person {
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  password: string;
}
const AGENT: Person = {
  email: 'sam.agent@example.com',
  username: 'samagent',
  firstName: 'Sam',
  lastName: 'Agent',
  password: 'a-Staff-Password-9!',
};
/** A brand admin of another demo brand. */
const OTHER_BRAND = 'nordlys';
const BRAND_ADMIN: Person = {
  email: 'bo.admin@example.com',
  username: 'boadmin',
  firstName: 'Bo',
  lastName: 'Admin',
  password: 'a-Staff-Password-8!',
};
const PASSPORT = 'ZQ7654321';
const REVEAL_REASON = 'Ticket 4411: passport check at the gate';
const CANCEL_REASON = 'Ticket 4412: the traveller asked to cancel';
const MESSAGE_SUBJECT = 'Seat change before my flight';
/** A demo brand: the brand manager offers stored brands only, and the built-in default is not one. */
const BRAND = 'skyhop';

let engine: StorefrontEngine | undefined;
let browser: Browser;

async function posted(api: APIRequestContext, url: string, data: object, headers: Record<string, string> = {}) {
  const answer = await api.post(url, { data, headers, timeout: scaled(60_000) });
  const body = (await answer.json()) as Record<string, unknown>;
  if (!answer.ok()) throw new Error(`POST ${url} answered ${answer.status()}: ${JSON.stringify(body)}`);
  return body;
}

/** A refundable flight booked as a guest through the API, as the checkout does: its reference. */
async function bookRefundableFlight(baseUrl: string): Promise<string> {
  const api = await http.newContext({ baseURL: baseUrl, extraHTTPHeaders: { 'X-Brand-Key': BRAND } });
  try {
    const brand = (await (await api.get(`/api/brands/${BRAND}`)).json()) as { pricing: BrandPricing };
    const date = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const search = await posted(api, '/api/flights/search', {
      origin: 'JFK',
      destination: 'LAX',
      departureDate: date,
      cabinClass: 'business',
      adultsCount: 1,
    });
    type FullOffer = Parameters<typeof customerAmount>[0] & {
      id: string;
      total_currency: string;
      passengers: Array<{ id: string }>;
      conditions?: { refund_before_departure?: { allowed?: boolean } | null };
    };
    // The search lists offers trimmed; each one's fare conditions come with the offer itself.
    const listed = (search.offers ?? search.data) as Array<{ id: string }>;
    let offer: FullOffer | undefined;
    for (const { id } of listed.slice(0, 15)) {
      const answer = (await (await api.get(`/api/flights/offer/${id}`)).json()) as Record<string, unknown>;
      const full = (answer.offer ?? answer.data ?? answer) as FullOffer;
      if (full.conditions?.refund_before_departure?.allowed) {
        offer = full;
        break;
      }
    }
    expect(offer, 'a refundable offer').toBeDefined();
    const amount = customerAmount(offer!, { pricing: brand.pricing, travellers: offer!.passengers.length });
    const card = {
      number: '4242 4242 4242 4242',
      expiryMonth: '12',
      expiryYear: '34',
      cvv: '123',
      holderName: 'Zelda Quixotic',
    };
    const payment = await posted(api, '/api/payments/process-card', {
      offerId: offer!.id,
      amount,
      currency: offer!.total_currency,
      cardDetails: card,
    });
    const traveller = {
      id: offer!.passengers[0]!.id,
      type: 'adult',
      title: 'ms',
      firstName: 'Zelda',
      lastName: 'Quixotic',
      gender: 'female',
      dateOfBirth: '1988-04-12',
      email: 'zelda.quixotic@example.com',
      phone: '+1 212 555 0199',
      passportNumber: PASSPORT,
      passportExpiryDate: '2031-05-01',
      passportIssuingCountry: 'US',
      nationality: 'US',
    };
    const booked = await posted(
      api,
      '/api/bookings',
      {
        offerId: offer!.id,
        passengers: [traveller],
        paymentDetails: { amount, currency: offer!.total_currency, cardDetails: { holderName: 'Zelda Quixotic' } },
        paymentId: payment.paymentId,
      },
      { 'Idempotency-Key': 'support-journey-booking' },
    );
    expect(booked.status).toBe('confirmed');
    // The traveller writes to the brand about it, from the Support page's form.
    await posted(api, '/api/support-requests', {
      kind: 'support',
      fullName: 'Zelda Quixotic',
      email: 'zelda.quixotic@example.com',
      bookingReference: booked.reference,
      subject: MESSAGE_SUBJECT,
      message: 'Can I sit by the window, please?',
    });
    return booked.reference as string;
  } finally {
    await api.dispose();
  }
}

/** The invitation link emailed to `email`, read from the outbox as the platform admin may. */
async function invitationLink(admin: Page, email: string): Promise<string> {
  const answer = await admin.request.get(`${engine!.baseUrl}/api/admin/outbox`, { timeout: scaled(30_000) });
  const { messages } = (await answer.json()) as { messages: Array<{ kind: string; to: string; text: string }> };
  const invitation = messages.find((message) => message.kind === 'staff-invitation' && message.to === email);
  const link = /https?:\/\/\S+\/admin\/invitation#token=[\w-]+/.exec(invitation?.text ?? '')?.[0];
  expect(link, 'the invitation email names its link').toBeDefined();
  return link!.replace(/^https?:\/\/[^/]+/, engine!.baseUrl);
}

/** The platform admin invites `person` from the staff page, with `role` on `brand`: the emailed link. */
async function invite(admin: Page, person: Person, role: string, brand: string, reason: string): Promise<string> {
  await admin.goto(`${engine!.baseUrl}/admin/staff`);
  const form = admin.locator('form').filter({ has: admin.getByRole('button', { name: 'Send Invitation' }) });
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Role').selectOption(role);
  await form.getByRole('checkbox', { name: brand }).check();
  await form.getByLabel('Reason').fill(reason);
  await form.getByRole('button', { name: 'Send Invitation' }).click();
  await admin.getByText(`${person.email} can accept it for 72 hours.`).first().waitFor();
  return invitationLink(admin, person.email);
}

/** `person` accepts the invitation, signs in on `brand` (chosen with ?brand=) and enrols TOTP. */
async function join(link: string, person: Person, brand: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(scaled(30_000));
  await page.goto(link);
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm password').fill(person.password);
  await page.getByRole('button', { name: 'Create Staff Account' }).click();
  await page.getByText(`Your staff account ${person.username} is ready.`).waitFor({ timeout: scaled(60_000) });

  await page.goto(`${engine!.baseUrl}/login?brand=${brand}&redirect=/admin/support`);
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByRole('heading', { name: 'Set Up Two-Factor Authentication' }).waitFor();
  const secret = (await page.getByLabel('Setup key').innerText()).replace(/\s/g, '');
  await page.getByLabel('2. Enter the 6-digit code the app shows').fill(totpCode(secret, new Date()));
  await page.getByRole('button', { name: 'Verify and enable' }).click();
  await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: scaled(60_000) });
  return { context, page };
}

describe.runIf(chromiumThere)('the support desk in the browser', () => {
  beforeAll(async () => {
    await ensureStorefrontBuild();
    engine = await startStorefrontEngine('support-journey-engine', {
      NODE_ENV: 'production',
      SANDBOXES_ENABLED: 'true',
      TWO_FACTOR_REQUIRED: 'staff',
    });
    browser = await launchChromium();
  }, scaled(240_000));

  afterAll(async () => {
    await browser?.close();
    await engine?.close();
  });

  it(
    "invites a support agent who finds a booking by surname, reveals it for a reason, cancels it with a refund and answers the message; another brand's admin sees none of it",
    async () => {
      const reference = await bookRefundableFlight(engine!.baseUrl);

      // The platform admin invites the agent from the staff page.
      const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      admin.setDefaultTimeout(scaled(30_000));
      await signInFirstAdmin(admin.request, engine!.baseUrl, engine!.dataDir);
      const agentLink = await invite(admin, AGENT, 'support-agent', BRAND, 'New support hire for the winter season');
      const adminLink = await invite(admin, BRAND_ADMIN, 'brand-admin', OTHER_BRAND, 'Runs the Nordlys brand');
      await admin.close();

      // The agent accepts, signs in on their brand, and enrols two-factor authentication.
      const { context, page: agent } = await join(agentLink, AGENT, BRAND);

      // The agent finds the booking by the traveller's surname (once the search keys have caught up
      // with the booking) and reveals it for a reason.
      await agent.goto(`${engine!.baseUrl}/admin/support`);
      await agent.getByLabel('Traveller surname or full name').fill('quixotic');
      const history = agent.getByRole('list', { name: 'Booking history' });
      await expect
        .poll(
          async () => {
            await agent.getByRole('button', { name: 'Find Booking' }).click();
            return history.isVisible({ timeout: scaled(5_000) }).catch(() => false);
          },
          { timeout: scaled(60_000) },
        )
        .toBe(true);
      expect(await agent.getByRole('button', { name: new RegExp(reference) }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      // Event data sits in closed <details>: read the text, not what is rendered.
      expect(await history.textContent()).not.toContain(PASSPORT);
      await agent.getByRole('button', { name: 'Show personal data' }).click();
      await agent.getByLabel('Why do you need to see it?').fill(REVEAL_REASON);
      await agent.getByRole('button', { name: 'Show personal data' }).click();
      await agent.getByText('Personal data shown: your reason is recorded').waitFor();
      await expect.poll(async () => history.textContent()).toContain(PASSPORT);
      const activity = agent.getByRole('list', { name: 'Staff activity' });
      await activity.getByText(`Reason: ${REVEAL_REASON}`).waitFor();
      expect(await activity.innerText()).toContain(`${AGENT.username} saw`);

      // ...and cancels it for the traveller, with the refund quoted first.
      await agent.getByLabel('Reason', { exact: true }).fill(CANCEL_REASON);
      await agent.getByRole('button', { name: 'Quote a cancellation' }).click();
      const quote = agent.getByRole('group', { name: 'Refund quote' });
      await quote.waitFor();
      await agent.getByRole('button', { name: /^Cancel and refund / }).click();
      await agent
        .getByRole('status')
        .filter({ hasText: 'Booking cancelled.' })
        .waitFor({ timeout: scaled(60_000) });
      await activity.getByText(`${AGENT.username} cancelled the booking for the traveller`).waitFor();
      // The quote and the cancellation, each with the agent's reason.
      await expect.poll(async () => activity.getByText(`Reason: ${CANCEL_REASON}`).count()).toBe(2);
      const refunded = agent.locator('dt', { hasText: 'Refunded' }).locator('xpath=following-sibling::dd');
      await expect.poll(async () => refunded.innerText()).not.toBe('$0');

      // The traveller's message waits in the brand's inbox, linked to the booking: the agent takes it and answers.
      await agent.goto(`${engine!.baseUrl}/admin/inbox`);
      await agent.getByRole('button', { name: new RegExp(MESSAGE_SUBJECT) }).click();
      await agent.getByText('Can I sit by the window, please?').waitFor();
      expect(await agent.getByRole('link', { name: reference }).getAttribute('href')).toBe(
        `/admin/support?reference=${reference}`,
      );
      await agent.getByRole('button', { name: 'Assign to me' }).click();
      await agent.getByRole('list', { name: 'Changes' }).getByText(`Assigned to ${AGENT.username}`).waitFor();
      await agent.getByRole('button', { name: 'Mark answered' }).click();
      await agent.getByRole('combobox', { name: 'Status' }).selectOption('answered');
      await agent.getByRole('button', { name: new RegExp(`${MESSAGE_SUBJECT}.*Answered`) }).waitFor();
      await context.close();

      // Another brand's admin finds nothing of this brand and may not change their own brand's pricing.
      const other = await join(adminLink, BRAND_ADMIN, OTHER_BRAND);
      const asOther = { 'X-Brand-Key': OTHER_BRAND };
      const found = await other.page.request.get(`${engine!.baseUrl}/api/admin/booking-search?reference=${reference}`, {
        headers: asOther,
      });
      expect(found.status()).toBe(200);
      expect(((await found.json()) as { total: number }).total).toBe(0);
      const asked = await other.page.request.get(`${engine!.baseUrl}/api/admin/booking-search?brand=${BRAND}`, {
        headers: asOther,
      });
      expect(asked.status()).toBe(403);
      const pricing = await other.page.request.put(`${engine!.baseUrl}/api/admin/brands/${OTHER_BRAND}/pricing`, {
        headers: asOther,
        data: { pricing: { rules: [] }, reason: 'Cheaper for the winter' },
      });
      expect(pricing.status()).toBe(403);
      await other.context.close();
    },
    scaled(300_000),
  );
});
