import express from 'express';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '@contrail/shared/time/clock';
import { recordStripeAnswers, stripeSpecProblems, type StripeAnswer } from '../test-support/stripe-openapi.js';
import { stripeSandboxRouter } from './router.js';
import { InMemoryStripeSandboxStore } from './store.js';

const AUTH = 'Bearer sk_test_123';
let app: express.Express;
let clock: ManualClock;
/** Every JSON answer of the sandbox in this file, checked against Stripe's specification at the end. */
const answers: StripeAnswer[] = [];

beforeEach(() => {
  app = express();
  clock = new ManualClock('2026-11-22T12:00:00Z');
  app.use(recordStripeAnswers(answers));
  app.use(stripeSandboxRouter({ store: new InMemoryStripeSandboxStore(), now: () => clock.now() }));
  app.get('/other', (_req, res) => res.send('not the sandbox'));
});

const post = (path: string, form: string, key?: string) => {
  const req = request(app).post(path).set('Authorization', AUTH).type('form').send(form);
  return key ? req.set('Idempotency-Key', key) : req;
};
const intentForm = (extra = '') =>
  `amount=2500&currency=usd&confirm=true&capture_method=manual&payment_method=pm_card_visa&payment_method_types[0]=card&metadata[offerId]=off_1&metadata[brand]=default${extra}`;

describe('Stripe sandbox wire format', () => {
  it('creates a PaymentIntent from a bracketed form body', async () => {
    const res = await post('/v1/payment_intents', intentForm());
    expect(res.status).toBe(200);
    expect(res.headers['request-id']).toMatch(/^req_/);
    expect(res.body).toMatchObject({
      object: 'payment_intent',
      amount: 2500,
      amount_capturable: 2500,
      amount_received: 0,
      currency: 'usd',
      status: 'requires_capture',
      capture_method: 'manual',
      payment_method_types: ['card'],
      metadata: { offerId: 'off_1', brand: 'default' },
      last_payment_error: null,
      livemode: false,
    });
    expect(res.body.id).toMatch(/^pi_\w{24}$/);
    expect(res.body.payment_method).toMatch(/^pm_/);
    expect(res.body.latest_charge).toMatch(/^ch_/);
  });

  it('takes raw card data and never answers the number', async () => {
    const res = await post(
      '/v1/payment_intents',
      'amount=2500&currency=eur&confirm=true&capture_method=manual&payment_method_data[type]=card&payment_method_data[card][number]=4242424242424242&payment_method_data[card][exp_month]=12&payment_method_data[card][exp_year]=2030&payment_method_data[card][cvc]=123&expand[0]=payment_method',
    );
    expect(res.status).toBe(200);
    expect(res.body.payment_method.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 });
    expect(JSON.stringify(res.body)).not.toContain('4242424242424242');
  });

  it('checks raw card data as Stripe does', async () => {
    const base =
      'amount=2500&currency=usd&confirm=true&payment_method_data[type]=card&payment_method_data[card][number]=';
    const bad = async (form: string) => (await post('/v1/payment_intents', base + form)).body.error;
    expect(
      await bad('4242424242424241&payment_method_data[card][exp_month]=1&payment_method_data[card][exp_year]=30'),
    ).toMatchObject({
      type: 'card_error',
      code: 'incorrect_number',
      param: 'payment_method_data[card][number]',
    });
    expect(
      await bad('4242424242424242&payment_method_data[card][exp_month]=13&payment_method_data[card][exp_year]=30'),
    ).toMatchObject({ code: 'invalid_expiry_month' });
    expect(
      await bad('4242424242424242&payment_method_data[card][exp_month]=10&payment_method_data[card][exp_year]=26'),
    ).toMatchObject({ code: 'invalid_expiry_year' });
    expect(
      await bad(
        '4242424242424242&payment_method_data[card][exp_month]=11&payment_method_data[card][exp_year]=26&payment_method_data[card][cvc]=1',
      ),
    ).toMatchObject({
      code: 'invalid_cvc',
    });
  });

  it('answers a decline with 402, the card error shape and the failed intent', async () => {
    const res = await post(
      '/v1/payment_intents',
      intentForm().replace('pm_card_visa', 'pm_card_chargeDeclinedInsufficientFunds'),
    );
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
      payment_intent: { status: 'requires_payment_method', last_payment_error: { decline_code: 'insufficient_funds' } },
    });
    const stored = await request(app)
      .get(`/v1/payment_intents/${res.body.error.payment_intent.id}`)
      .set('Authorization', AUTH);
    expect(stored.body.status).toBe('requires_payment_method');
  });

  it('asks for authentication on the 3-D Secure card', async () => {
    const res = await post(
      '/v1/payment_intents',
      intentForm().replace('pm_card_visa', 'pm_card_authenticationRequired'),
    );
    expect(res.body).toMatchObject({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
  });

  it.each(['pm_card_threeDSecure2Required', 'pm_card_authenticationRequiredOnSetup'])(
    'sends %s to the 3-D Secure test page and back to the return_url, once',
    async (method) => {
      const returnUrl = 'https://shop.example/booking?offer=off_1';
      const res = await post(
        '/v1/payment_intents',
        intentForm().replace('pm_card_visa', method) + `&return_url=${encodeURIComponent(returnUrl)}`,
      );
      expect(res.body).toMatchObject({
        status: 'requires_action',
        next_action: { type: 'redirect_to_url', redirect_to_url: { return_url: returnUrl } },
      });
      const challenge = new URL(res.body.next_action.redirect_to_url.url);
      expect(challenge.pathname).toBe(`/sandbox/stripe/authenticate/${res.body.id}`);
      const page = await request(app).get(challenge.pathname + challenge.search);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Complete authentication');
      expect(page.text).toContain('Fail authentication');
      const secret = challenge.searchParams.get('client_secret')!;

      const done = await request(app)
        .post(challenge.pathname)
        .type('form')
        .send({ client_secret: secret, outcome: 'complete' });
      expect(done.status).toBe(303);
      const back = new URL(done.headers.location!);
      expect(back.origin + back.pathname).toBe('https://shop.example/booking');
      expect(Object.fromEntries(back.searchParams)).toEqual({
        offer: 'off_1',
        payment_intent: res.body.id,
        payment_intent_client_secret: secret,
      });
      const intent = await request(app).get(`/v1/payment_intents/${res.body.id}`).set('Authorization', AUTH);
      expect(intent.body).toMatchObject({ status: 'requires_capture', amount_capturable: 2500, next_action: null });

      // A second answer (the page sent again) changes nothing.
      const again = await request(app)
        .post(challenge.pathname)
        .type('form')
        .send({ client_secret: secret, outcome: 'fail' });
      expect(again.status).toBe(200);
      expect(again.text).toContain('already');
      const still = await request(app).get(`/v1/payment_intents/${res.body.id}`).set('Authorization', AUTH);
      expect(still.body.status).toBe('requires_capture');
    },
  );

  it('fails a 3-D Secure payment as Stripe does when the test page says so', async () => {
    const res = await post(
      '/v1/payment_intents',
      intentForm().replace('pm_card_visa', 'pm_card_threeDSecure2Required') + '&return_url=https://shop.example/back',
    );
    const challenge = new URL(res.body.next_action.redirect_to_url.url);
    const secret = challenge.searchParams.get('client_secret')!;
    expect((await request(app).get(`${challenge.pathname}?client_secret=wrong`)).status).toBe(404);
    expect(
      (await request(app).post(challenge.pathname).type('form').send({ client_secret: 'wrong', outcome: 'fail' }))
        .status,
    ).toBe(404);
    const failed = await request(app)
      .post(challenge.pathname)
      .type('form')
      .send({ client_secret: secret, outcome: 'fail' });
    expect(failed.status).toBe(303);
    const intent = await request(app).get(`/v1/payment_intents/${res.body.id}`).set('Authorization', AUTH);
    expect(intent.body).toMatchObject({
      status: 'requires_payment_method',
      next_action: null,
      last_payment_error: { type: 'invalid_request_error', code: 'payment_intent_authentication_failure' },
    });
  });

  it('refuses a return_url that is not an absolute http(s) URL', async () => {
    const res = await post('/v1/payment_intents', intentForm() + '&return_url=javascript:alert(1)');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ param: 'return_url' });
  });

  it('takes pm_card_visa_chargeDeclined as Stripe does', async () => {
    const res = await post('/v1/payment_intents', intentForm().replace('pm_card_visa', 'pm_card_visa_chargeDeclined'));
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });
  });

  it('creates without confirming, and captures automatically when asked', async () => {
    expect((await post('/v1/payment_intents', 'amount=2500&currency=usd')).body.status).toBe('requires_payment_method');
    expect(
      (await post('/v1/payment_intents', 'amount=2500&currency=usd&payment_method=pm_card_visa')).body.status,
    ).toBe('requires_confirmation');
    expect(
      (await post('/v1/payment_intents', 'amount=2500&currency=usd&payment_method=pm_card_visa&confirm=true')).body,
    ).toMatchObject({
      status: 'succeeded',
      amount_received: 2500,
    });
  });

  it('answers bad parameters with 400 and the parameter', async () => {
    expect((await post('/v1/payment_intents', 'currency=usd')).body.error).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_missing',
      param: 'amount',
      message: 'Missing required param: amount.',
    });
    expect((await post('/v1/payment_intents', 'amount=10&currency=usd')).body.error).toMatchObject({
      code: 'amount_too_small',
      param: 'amount',
    });
    expect((await post('/v1/payment_intents', 'amount=ten&currency=usd')).body.error).toMatchObject({
      code: 'parameter_invalid_integer',
      param: 'amount',
    });
    const unknown = await post('/v1/payment_intents', 'amount=100&currency=usd&colour=red');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: 'parameter_unknown', param: 'colour' });
    expect(
      (await post('/v1/payment_intents', 'amount=100&currency=usd&payment_method=pm_nope&confirm=true')).status,
    ).toBe(404);
  });

  it('captures in part, and refuses a capture in the wrong state', async () => {
    const { body: intent } = await post('/v1/payment_intents', intentForm());
    const tooMuch = await post(`/v1/payment_intents/${intent.id}/capture`, 'amount_to_capture=2501');
    expect(tooMuch.status).toBe(400);
    const captured = await post(`/v1/payment_intents/${intent.id}/capture`, 'amount_to_capture=2000');
    expect(captured.body).toMatchObject({ status: 'succeeded', amount_received: 2000, amount_capturable: 0 });
    const again = await post(`/v1/payment_intents/${intent.id}/capture`, '');
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: expect.stringContaining('it has a status of succeeded'),
    });
  });

  it('cancels with a reason, and refuses to cancel a captured intent', async () => {
    const { body: intent } = await post('/v1/payment_intents', intentForm());
    const canceled = await post(`/v1/payment_intents/${intent.id}/cancel`, 'cancellation_reason=abandoned');
    expect(canceled.body).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned', amount_capturable: 0 });
    expect(canceled.body.canceled_at).toBe(Date.parse('2026-11-22T12:00:00Z') / 1000);
    expect((await post(`/v1/payment_intents/${intent.id}/cancel`, '')).body.error.code).toBe(
      'payment_intent_unexpected_state',
    );
    expect((await post(`/v1/payment_intents/${intent.id}/cancel`, 'cancellation_reason=bored')).status).toBe(400);
  });

  it('refunds, retrieves the refund and refuses more than was captured', async () => {
    const { body: intent } = await post('/v1/payment_intents', intentForm());
    await post(`/v1/payment_intents/${intent.id}/capture`, '');
    const refund = await post(
      '/v1/refunds',
      `payment_intent=${intent.id}&amount=1000&reason=requested_by_customer&metadata[bookingId]=b1`,
    );
    expect(refund.body).toMatchObject({
      object: 'refund',
      amount: 1000,
      currency: 'usd',
      payment_intent: intent.id,
      status: 'succeeded',
      reason: 'requested_by_customer',
      metadata: { bookingId: 'b1' },
    });
    expect((await request(app).get(`/v1/refunds/${refund.body.id}`).set('Authorization', AUTH)).body).toEqual(
      refund.body,
    );
    expect((await post('/v1/refunds', `payment_intent=${intent.id}&amount=1501`)).body.error.code).toBe(
      'amount_too_large',
    );
    expect((await post('/v1/refunds', '')).body.error).toMatchObject({
      code: 'parameter_missing',
      param: 'payment_intent',
    });
  });

  it('answers unknown objects and routes in Stripe shape, and leaves other paths alone', async () => {
    const missing = await request(app).get('/v1/payment_intents/pi_nope').set('Authorization', AUTH);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'intent',
      message: "No such payment_intent: 'pi_nope'",
    });
    const route = await request(app).get('/v1/charges').set('Authorization', AUTH);
    expect(route.status).toBe(404);
    expect(route.body.error.message).toContain('Unrecognized request URL (GET: /v1/charges)');
    expect((await request(app).get('/other')).text).toBe('not the sandbox');
  });

  it('wants a test secret key', async () => {
    expect((await request(app).get('/v1/payment_intents/pi_1')).status).toBe(401);
    expect((await request(app).get('/v1/payment_intents/pi_1').set('Authorization', 'Bearer sk_live_x')).status).toBe(
      401,
    );
  });
});

describe('Stripe sandbox idempotency', () => {
  it('replays the first answer for a key, status and body', async () => {
    const first = await post('/v1/payment_intents', intentForm(), 'k1');
    const second = await post('/v1/payment_intents', intentForm(), 'k1');
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
  });

  it('replays a decline as a decline', async () => {
    const form = intentForm().replace('pm_card_visa', 'pm_card_chargeDeclined');
    const first = await post('/v1/payment_intents', form, 'k2');
    const second = await post('/v1/payment_intents', form, 'k2');
    expect([first.status, second.status]).toEqual([402, 402]);
    expect(second.body).toEqual(first.body);
  });

  it('treats parameters in another order as the same request', async () => {
    const first = await post('/v1/payment_intents', 'amount=2500&currency=usd&metadata[a]=1&metadata[b]=2', 'k3');
    const second = await post('/v1/payment_intents', 'metadata[b]=2&metadata[a]=1&currency=usd&amount=2500', 'k3');
    expect(second.body.id).toBe(first.body.id);
  });

  it('refuses the key with other parameters or another endpoint', async () => {
    const { body: intent } = await post('/v1/payment_intents', intentForm(), 'k4');
    const other = await post('/v1/payment_intents', intentForm().replace('2500', '2600'), 'k4');
    expect(other.status).toBe(400);
    expect(other.body.error).toMatchObject({
      type: 'idempotency_error',
      message: expect.stringContaining("other than 'k4'"),
    });
    expect((await post(`/v1/payment_intents/${intent.id}/capture`, '', 'k4')).body.error.type).toBe(
      'idempotency_error',
    );
  });

  it('keeps no answer for a request that failed validation', async () => {
    expect((await post('/v1/payment_intents', 'currency=usd', 'k5')).status).toBe(400);
    expect((await post('/v1/payment_intents', intentForm(), 'k5')).status).toBe(200);
  });

  it('scopes keys by API key and caps their length', async () => {
    const first = await post('/v1/payment_intents', intentForm(), 'k6');
    const other = await request(app)
      .post('/v1/payment_intents')
      .set('Authorization', 'Bearer sk_test_other')
      .set('Idempotency-Key', 'k6')
      .type('form')
      .send(intentForm());
    expect(other.body.id).not.toBe(first.body.id);
    expect((await post('/v1/payment_intents', intentForm(), 'k'.repeat(256))).status).toBe(400);
  });

  it('keeps a key for 24 hours, then forgets it', async () => {
    const first = await post('/v1/payment_intents', intentForm(), 'k8');
    clock.advance(24 * 60 * 60 * 1000 - 1);
    expect((await post('/v1/payment_intents', intentForm(), 'k8')).body.id).toBe(first.body.id);
    clock.advance(1);
    expect((await post('/v1/payment_intents', intentForm(), 'k8')).body.id).not.toBe(first.body.id);
  });

  it('runs two requests with one key at once as one', async () => {
    const [a, b] = await Promise.all([
      post('/v1/payment_intents', intentForm(), 'k7'),
      post('/v1/payment_intents', intentForm(), 'k7'),
    ]);
    expect(a.body.id).toBe(b.body.id);
  });
});

describe('Stripe sandbox listing', () => {
  const get = (path: string) => request(app).get(path).set('Authorization', AUTH);
  const created = async () => {
    const { body } = await post('/v1/payment_intents', intentForm());
    clock.advance(1_000);
    return body.id as string;
  };

  it('lists PaymentIntents newest first, a page at a time, from a creation time', async () => {
    const [first, second, third] = [await created(), await created(), await created()];
    const page = await get('/v1/payment_intents?limit=2&expand[0]=data.payment_method');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ object: 'list', url: '/v1/payment_intents', has_more: true });
    expect(page.body.data.map((intent: { id: string }) => intent.id)).toEqual([third, second]);
    expect(page.body.data[0].payment_method.card.last4).toBe('4242');
    const rest = await get(`/v1/payment_intents?limit=2&starting_after=${second}`);
    expect(rest.body).toMatchObject({ has_more: false, data: [{ id: first, payment_method: expect.any(String) }] });
    const since = Math.floor(Date.parse('2026-11-22T12:00:01Z') / 1000);
    const recent = await get(`/v1/payment_intents?created[gte]=${since}`);
    expect(recent.body.data.map((intent: { id: string }) => intent.id)).toEqual([third, second]);
  });

  it('answers bad list parameters with 400 and the parameter', async () => {
    for (const [query, param] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=x', 'limit'],
      ['created[after]=1', 'created[after]'],
      ['colour=red', 'colour'],
    ]) {
      const res = await get(`/v1/payment_intents?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error).toMatchObject({ type: 'invalid_request_error', param });
    }
    expect((await get('/v1/payment_intents?starting_after=pi_unknown')).status).toBe(404);
  });
});

describe('Stripe sandbox locking', () => {
  it('serialises the mutations of one PaymentIntent, not of different ones', async () => {
    let gate: (() => void) | undefined;
    let held = '';
    class GatedStore extends InMemoryStripeSandboxStore {
      override async putPaymentIntent(intent: Parameters<InMemoryStripeSandboxStore['putPaymentIntent']>[0]) {
        if (intent.id === held && intent.status === 'succeeded') await new Promise<void>((resolve) => (gate = resolve));
        return super.putPaymentIntent(intent);
      }
    }
    const gated = express();
    gated.use(stripeSandboxRouter({ store: new GatedStore(), now: () => clock.now() }));
    const send = (path: string, form: string) =>
      request(gated)
        .post(path)
        .set('Authorization', AUTH)
        .type('form')
        .send(form)
        .then((res) => res);
    const slow = (await send('/v1/payment_intents', intentForm())).body.id as string;
    const fast = (await send('/v1/payment_intents', intentForm())).body.id as string;
    held = slow;
    const slowCapture = send(`/v1/payment_intents/${slow}/capture`, '');
    while (!gate) await new Promise((resolve) => setTimeout(resolve, 5));
    const again = send(`/v1/payment_intents/${slow}/capture`, '');
    // Another PaymentIntent is captured while the first one's capture is held.
    expect((await send(`/v1/payment_intents/${fast}/capture`, '')).body.status).toBe('succeeded');
    gate();
    expect((await slowCapture).body.status).toBe('succeeded');
    // The second capture of the held one ran after the first: it sees the intent captured.
    expect((await again).status).toBe(400);
  });
});

describe("the answers above, against Stripe's OpenAPI specification", () => {
  it('has every property the specification requires, of its type, null only where it allows, within its enums', () => {
    expect(answers.length).toBeGreaterThan(50);
    expect(new Set(answers.map(({ status }) => status))).toEqual(new Set([200, 400, 401, 402, 404]));
    expect(answers.flatMap(stripeSpecProblems)).toEqual([]);
  });
});
