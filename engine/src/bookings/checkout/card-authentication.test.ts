import type { FlightOffer } from '@contrail/shared';
import { AUTHENTICATION_REQUIRED, PAYMENT_ERROR, PAYMENT_FAILED } from '@contrail/shared/booking/refusal-codes';
import { beforeAll, describe, expect, it } from 'vitest';
import { sqlBackends } from '../../test-support/sql.js';
import { reconcile } from '../reconcile/reconciler.js';
import { TEST_CARD, bookingBody, searchOffers, shownPrice } from '../test-support/booking-harness.js';
import { harnessPerBackend } from '../test-support/harness-per-backend.js';
import { AUTHENTICATION_FAILED_MESSAGE, AUTHENTICATION_UNFINISHED_MESSAGE } from './card-authentication.js';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { cheapestBags } from '@contrail/shared/pricing/bags';
import { priceWithBags } from '@contrail/shared/pricing/bags-price';
import { DEFAULT_PRICING } from '@contrail/shared/pricing/pricing';
import { formatPrice } from '@contrail/shared/results/format';
import { loadBooking } from '../booking-stream.js';

const THREE_D_SECURE = { ...TEST_CARD, number: '4000 0000 0000 3220' };
const RETURN_PATH = '/booking?offer=off_x&adults=1';

/**
 * 3-D Secure in the payment step: process-card answers the bank's challenge, the sandbox's test
 * page stands in for the bank, and the return reads the processor's status of the payment.
 */
describe.each(sqlBackends())('3-D Secure card payments on $name', { timeout: scaled(60_000) }, (backend) => {
  const harness = harnessPerBackend(backend);
  let offers: FlightOffer[];
  let next = 0;

  beforeAll(async () => {
    offers = await searchOffers(harness, 6);
  }, scaled(120_000));

  /** process-card with the 3-D Secure card: the challenge's URL and the payment waiting for it. */
  async function challenged(offer: FlightOffer) {
    const res = await harness
      .api()
      .post('/api/payments/process-card')
      .send({ offerId: offer.id, ...shownPrice(offer), cardDetails: THREE_D_SECURE, returnPath: RETURN_PATH });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ success: false, error: AUTHENTICATION_REQUIRED });
    return { paymentId: res.body.paymentId as string, url: new URL(res.body.redirectUrl as string) };
  }

  /** The traveller's browser on the test page: the button's form, then where it is sent back to. */
  async function answerChallenge(url: URL, outcome: 'complete' | 'fail') {
    const page = await fetch(url);
    expect(await page.text()).toContain(outcome === 'complete' ? 'Complete authentication' : 'Fail authentication');
    const answered = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: url.searchParams.get('client_secret')!, outcome }),
      redirect: 'manual',
    });
    expect(answered.status).toBe(303);
    return new URL(answered.headers.get('location')!);
  }

  const authenticationOf = (paymentId: string) =>
    harness.api().post(`/api/payments/${paymentId}/authentication`).send();

  const authorizationsOf = async (paymentId: string) =>
    (await harness.deps.eventStore.readStream(`payment-${paymentId}`)).filter(
      (event) => event.type === 'CardPaymentAuthorized',
    ).length;

  it('books once the bank authenticated the card, however often the traveller comes back', async () => {
    const offer = offers[next++]!;
    const { paymentId, url } = await challenged(offer);
    expect(url.pathname).toBe(`/sandbox/stripe/authenticate/${paymentId}`);
    // Nothing is held (nor recorded) before the challenge is answered.
    expect((await authenticationOf(paymentId)).body).toMatchObject({
      error: PAYMENT_ERROR,
      message: AUTHENTICATION_UNFINISHED_MESSAGE,
    });

    const back = await answerChallenge(url, 'complete');
    expect(back.origin).toBe(new URL(harness.url).origin);
    expect(back.pathname + back.search).toContain(`${RETURN_PATH}&payment_intent=${paymentId}`);

    const [first, second] = [await authenticationOf(paymentId), await authenticationOf(paymentId)];
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, paymentId });
    expect(second.body).toEqual(first.body);
    expect(await authorizationsOf(paymentId)).toBe(1);
    expect((await harness.booking.payments.retrieve(paymentId)).status).toBe('authorized');

    const booked = await harness
      .api()
      .post('/api/bookings')
      .set('Idempotency-Key', `booking-${paymentId}`)
      .send(bookingBody(offer, paymentId, 'three.d.secure@example.com'));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body).toMatchObject({ status: 'confirmed' });
    expect((await harness.booking.payments.retrieve(paymentId)).status).toBe('captured');
    // A return arriving after the booking changes nothing.
    expect((await authenticationOf(paymentId)).body).toEqual({ success: true, paymentId });
    expect(await authorizationsOf(paymentId)).toBe(1);
  });

  it('keeps the bags chosen across the bank challenge and charges the total with them to the cent (issue 35)', async () => {
    const bags = { checked: 1, carryOn: 0 };
    // An offer of its own search that sells the bag (most fares here do not include one).
    const candidates = await searchOffers(harness, 9);
    let chosen: { full: FlightOffer; plan: ReturnType<typeof cheapestBags> } | undefined;
    for (const offer of candidates) {
      const full = await harness.deps.flights!.getOffer(offer.id, { withServices: true });
      const plan = cheapestBags(full, bags);
      if (plan.carried && plan.choices.length > 0) {
        chosen = { full, plan };
        break;
      }
    }
    if (!chosen || !chosen.plan.carried) throw new Error('no offer of the search sells a checked bag');
    const { full, plan } = chosen;
    const card = priceWithBags(full, { pricing: DEFAULT_PRICING, travellers: 1, cabin: 'economy', bags })!;
    expect(card.bags).toMatchObject({ carried: true });
    const withoutBags = priceWithBags(full, { pricing: DEFAULT_PRICING, travellers: 1, cabin: 'economy' })!;
    expect(card.amount).toBeGreaterThan(withoutBags.amount);
    const amount = card.amount / 100;

    const res = await harness.api().post('/api/payments/process-card').send({
      offerId: full.id,
      amount,
      currency: card.currency,
      cardDetails: THREE_D_SECURE,
      returnPath: RETURN_PATH,
      bags: plan.choices,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const paymentId = res.body.paymentId as string;
    await answerChallenge(new URL(res.body.redirectUrl as string), 'complete');
    expect((await authenticationOf(paymentId)).body).toEqual({ success: true, paymentId });
    // What the bank authenticated and the processor holds is the price with the bags.
    expect((await harness.booking.payments.retrieve(paymentId)).amount).toEqual({
      amount: card.amount,
      currency: card.currency,
    });

    const booked = await harness
      .api()
      .post('/api/bookings')
      .set('Idempotency-Key', `booking-${paymentId}`)
      .send({
        ...bookingBody(full, paymentId, 'three.d.bags@example.com'),
        paymentDetails: { amount, currency: card.currency, cardDetails: { holderName: 'Jane Traveller' } },
        bags: plan.choices,
      });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body).toMatchObject({ status: 'confirmed' });
    const { state } = await loadBooking(harness.deps.eventStore, booked.body.id);
    if (state.phase !== 'confirmed') throw new Error(`booking ${state.phase}`);
    expect(state.payment.amount).toEqual({ amount: card.amount, currency: card.currency });
    expect(state.bags.map((bag) => ({ serviceId: bag.serviceId, quantity: bag.quantity }))).toEqual(plan.choices);
    const captured = await harness.booking.payments.retrieve(paymentId);
    expect(captured).toMatchObject({ status: 'captured', received: card.amount });
    // The confirmation (the answer's email) lists the bags and the total paid with them.
    expect(booked.body.emailContent).toMatch(/\nBags: 1 checked bag: Jane Traveller, /);
    expect(booked.body.emailContent).toContain(`Total paid: ${formatPrice(amount, card.currency)}`);
  });

  it('answers a failed authentication as a card failure, and no booking can use the payment', async () => {
    const offer = offers[next++]!;
    const { paymentId, url } = await challenged(offer);
    await answerChallenge(url, 'fail');
    const answer = await authenticationOf(paymentId);
    expect(answer.status).toBe(402);
    expect(answer.body).toEqual({ success: false, error: PAYMENT_FAILED, message: AUTHENTICATION_FAILED_MESSAGE });
    expect(await authorizationsOf(paymentId)).toBe(0);
    const booked = await harness
      .api()
      .post('/api/bookings')
      .set('Idempotency-Key', `booking-${paymentId}`)
      .send(bookingBody(offer, paymentId, 'three.d.failed@example.com'));
    expect(booked.status).toBeGreaterThanOrEqual(400);
    expect(booked.status).toBeLessThan(500);
  });

  it('refuses bad input and payments it does not know', async () => {
    const offer = offers[next++]!;
    const outside = await harness
      .api()
      .post('/api/payments/process-card')
      .send({ offerId: offer.id, ...shownPrice(offer), cardDetails: THREE_D_SECURE, returnPath: '//evil.example/x' });
    expect(outside.status).toBe(400);
    expect((await harness.api().post('/api/payments/pi%20x/authentication').send()).status).toBe(400);
    expect((await harness.api().post('/api/payments/pi_unknown/authentication').send()).status).toBe(404);
  });

  it('declines, as before, a 3-D Secure card when the caller gave no way back', async () => {
    const offer = offers[next++]!;
    const res = await harness
      .api()
      .post('/api/payments/process-card')
      .send({ offerId: offer.id, ...shownPrice(offer), cardDetails: THREE_D_SECURE });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ error: PAYMENT_FAILED });
  });

  it('cancels a challenge the traveller left unfinished, and releases one finished but never returned from', async () => {
    const left = await challenged(offers[next++]!);
    const unreturned = await challenged(offers[next++]!);
    await answerChallenge(unreturned.url, 'complete');
    harness.clock.advance(45 * 60_000);
    const context = { correlationId: '3ds-reconcile', actor: 'test', brand: 'platform' };
    const report = await reconcile(harness.booking, { repair: true, settleMs: 0, context });
    expect(report.repairs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'abandoned-authentication', paymentId: left.paymentId }),
        expect.objectContaining({ kind: 'unrecorded-hold', paymentId: unreturned.paymentId }),
      ]),
    );
    expect((await harness.booking.payments.retrieve(left.paymentId)).status).toBe('voided');
    expect((await harness.booking.payments.retrieve(unreturned.paymentId)).status).toBe('voided');
  });
});
