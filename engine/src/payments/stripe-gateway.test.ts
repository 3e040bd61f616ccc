import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeFaults } from '@contrail/sandboxes/stripe/faults';
import { startStripeSandbox, type RunningStripeSandbox } from '@contrail/sandboxes/stripe/server';
import { PaymentGatewayError, type CardInput } from './gateway.js';
import { AUTHENTICATION_REQUIRED_MESSAGE, SANDBOX_SECRET_KEY, StripeGateway } from './stripe-gateway.js';

const card = (number: string, overrides: Partial<CardInput> = {}): CardInput => ({
  number,
  expiryMonth: '12',
  expiryYear: '30',
  cvv: '123',
  holderName: 'Ada Lovelace',
  ...overrides,
});
const usd = (amount: number) => ({ amount, currency: 'USD' });
const key = () => randomUUID();

let sandbox: RunningStripeSandbox;
let gateway: StripeGateway;
const faults = new StripeFaults();

beforeAll(async () => {
  sandbox = await startStripeSandbox({ faults });
  gateway = new StripeGateway({ sandbox: { host: sandbox.host, port: sandbox.port }, maxNetworkRetries: 0 });
});
afterAll(async () => {
  await sandbox?.close();
});

async function authorized(amount = 55_350, number = '4242 4242 4242 4242') {
  const result = await gateway.authorize({
    amount: usd(amount),
    card: card(number),
    idempotencyKey: key(),
    metadata: { offerId: 'off_1' },
  });
  if (result.outcome !== 'authorized') throw new Error(`expected an authorization, got ${result.outcome}`);
  return result.payment;
}

describe('the Stripe gateway against the sandbox, through the real stripe client', () => {
  it('authorizes a manual-capture payment for exactly the amount', async () => {
    const payment = await authorized();
    expect(gateway.mode).toBe('sandbox');
    expect(payment).toMatchObject({
      amount: usd(55_350),
      capturable: 55_350,
      received: 0,
      status: 'authorized',
      cardLast4: '4242',
      metadata: { offerId: 'off_1' },
    });
    expect(payment.paymentId).toMatch(/^pi_/);
    expect(await gateway.retrieve(payment.paymentId)).toEqual(payment);
  });

  it('authorizes a Mastercard test card too', async () => {
    expect((await authorized(1_000, '5555555555554444')).cardLast4).toBe('4444');
  });

  const declines: [string, string, string | null, string][] = [
    ['4000000000000002', 'card_declined', 'generic_decline', 'Your card was declined.'],
    ['4000000000009995', 'card_declined', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000000000009987', 'card_declined', 'lost_card', 'Your card was declined.'],
    ['4000000000009979', 'card_declined', 'stolen_card', 'Your card was declined.'],
    ['4000000000000069', 'expired_card', 'expired_card', 'Your card has expired.'],
    ['4000000000000127', 'incorrect_cvc', 'incorrect_cvc', "Your card's security code is incorrect."],
    [
      '4000000000000119',
      'processing_error',
      'processing_error',
      'An error occurred while processing your card. Try again in a little bit.',
    ],
    ['4242424242424241', 'incorrect_number', null, 'Your card number is incorrect.'],
  ];
  it.each(declines)('declines %s with %s', async (number, code, declineCode, message) => {
    const result = await gateway.authorize({ amount: usd(2_000), card: card(number), idempotencyKey: key() });
    expect(result).toMatchObject({ outcome: 'declined', code, declineCode, message, cardLast4: number.slice(-4) });
    if (result.outcome === 'declined' && result.paymentId) {
      expect((await gateway.retrieve(result.paymentId)).status).toBe('incomplete');
    }
  });

  it('declines a real card number in test mode', async () => {
    const result = await gateway.authorize({
      amount: usd(2_000),
      card: card('4111111111111111'),
      idempotencyKey: key(),
    });
    expect(result).toMatchObject({ outcome: 'declined', code: 'card_declined', declineCode: 'test_mode_live_card' });
  });

  it('answers a 3-D Secure card as a decline and releases the attempt', async () => {
    const result = await gateway.authorize({
      amount: usd(2_000),
      card: card('4000002760003184'),
      idempotencyKey: key(),
    });
    expect(result).toMatchObject({
      outcome: 'declined',
      code: 'authentication_required',
      message: AUTHENTICATION_REQUIRED_MESSAGE,
    });
    expect((await gateway.retrieve((result as { paymentId: string }).paymentId)).status).toBe('voided');
  });

  it.each([
    ['4000000000003220', 'complete', 'authorized', null],
    ['4000002500003155', 'fail', 'incomplete', 'payment_intent_authentication_failure'],
  ] as const)(
    'sends %s to the bank challenge (3-D Secure) and reads the payment as the challenge left it (%s)',
    async (number, outcome, status, failure) => {
      const result = await gateway.authorize({
        amount: usd(2_000),
        card: card(number),
        idempotencyKey: key(),
        returnUrl: 'https://shop.example/booking?offer=off_1',
      });
      if (result.outcome !== 'requires_action') throw new Error(`expected a challenge, got ${result.outcome}`);
      const challenge = new URL(result.redirectUrl);
      expect(challenge.origin).toBe(`http://${sandbox.host}:${sandbox.port}`);
      expect((await gateway.retrieve(result.paymentId)).status).toBe('incomplete');
      const answered = await fetch(challenge, {
        method: 'POST',
        body: new URLSearchParams({ client_secret: challenge.searchParams.get('client_secret')!, outcome }),
        redirect: 'manual',
      });
      expect(answered.headers.get('location')).toContain(`payment_intent=${result.paymentId}`);
      const payment = await gateway.retrieve(result.paymentId);
      expect(payment.status).toBe(status);
      expect(payment.failure?.code ?? null).toBe(failure);
    },
  );

  it('captures an authorization once, and refuses to capture it again', async () => {
    const payment = await authorized();
    const captured = await gateway.capture(payment.paymentId, { idempotencyKey: key() });
    expect(captured).toMatchObject({ status: 'captured', received: 55_350, capturable: 0, cardLast4: '4242' });
    const again = gateway.capture(payment.paymentId, { idempotencyKey: key() });
    await expect(again).rejects.toBeInstanceOf(PaymentGatewayError);
    await expect(again).rejects.toMatchObject({ kind: 'invalid_state', code: 'payment_intent_unexpected_state' });
  });

  it('voids an authorization, which then cannot be captured', async () => {
    const payment = await authorized();
    expect(await gateway.void(payment.paymentId, { idempotencyKey: key(), reason: 'abandoned' })).toMatchObject({
      status: 'voided',
      capturable: 0,
    });
    await expect(gateway.capture(payment.paymentId, { idempotencyKey: key() })).rejects.toMatchObject({
      kind: 'invalid_state',
    });
  });

  it('refuses to void a captured payment', async () => {
    const payment = await authorized();
    await gateway.capture(payment.paymentId, { idempotencyKey: key() });
    await expect(gateway.void(payment.paymentId, { idempotencyKey: key() })).rejects.toMatchObject({
      kind: 'invalid_state',
    });
  });

  it('refunds a captured payment in part, then the rest, then refuses', async () => {
    const payment = await authorized(10_000);
    await gateway.capture(payment.paymentId, { idempotencyKey: key() });
    const part = await gateway.refund(payment.paymentId, {
      idempotencyKey: key(),
      amount: 4_000,
      reason: 'requested_by_customer',
    });
    expect(part).toMatchObject({ paymentId: payment.paymentId, amount: usd(4_000), status: 'succeeded' });
    expect(part.refundId).toMatch(/^re_/);
    expect((await gateway.refund(payment.paymentId, { idempotencyKey: key() })).amount).toEqual(usd(6_000));
    await expect(gateway.refund(payment.paymentId, { idempotencyKey: key() })).rejects.toMatchObject({
      kind: 'invalid_state',
      code: 'charge_already_refunded',
    });
  });

  it('refuses to refund an uncaptured payment', async () => {
    const payment = await authorized();
    await expect(gateway.refund(payment.paymentId, { idempotencyKey: key() })).rejects.toMatchObject({
      kind: 'invalid_state',
    });
  });

  it('replays an authorization sent again with the same key: one payment, not two', async () => {
    const idempotencyKey = key();
    const request = { amount: usd(7_700), card: card('4242424242424242'), idempotencyKey };
    const [first, second] = await Promise.all([gateway.authorize(request), gateway.authorize(request)]);
    const third = await gateway.authorize(request);
    expect(first.outcome).toBe('authorized');
    const id = (result: typeof first) => (result.outcome === 'authorized' ? result.payment.paymentId : null);
    expect(id(second)).toBe(id(first));
    expect(id(third)).toBe(id(first));
  });

  it('replays a decline too', async () => {
    const request = { amount: usd(2_000), card: card('4000000000000002'), idempotencyKey: key() };
    const first = await gateway.authorize(request);
    expect(await gateway.authorize(request)).toEqual(first);
  });

  it('replays a capture retried with its key', async () => {
    const payment = await authorized();
    const idempotencyKey = key();
    const first = await gateway.capture(payment.paymentId, { idempotencyKey });
    expect(await gateway.capture(payment.paymentId, { idempotencyKey })).toEqual(first);
  });

  it('refuses the same key with other parameters', async () => {
    const idempotencyKey = key();
    await gateway.authorize({ amount: usd(5_000), card: card('4242424242424242'), idempotencyKey });
    const mismatch = gateway.authorize({ amount: usd(5_001), card: card('4242424242424242'), idempotencyKey });
    await expect(mismatch).rejects.toMatchObject({ kind: 'idempotency', status: 400 });
  });

  it('reports a processor outage with the seed message', async () => {
    const payment = await authorized();
    faults.failNext({ path: '/capture', status: 503 });
    await expect(gateway.capture(payment.paymentId, { idempotencyKey: key() })).rejects.toMatchObject({
      kind: 'unavailable',
      status: 503,
      message: 'Payment failed with status 503',
    });
    expect((await gateway.retrieve(payment.paymentId)).status).toBe('authorized');
  });

  it('survives an outage when the client retries with the same key, capturing once', async () => {
    const retrying = new StripeGateway({ sandbox: { host: sandbox.host, port: sandbox.port }, maxNetworkRetries: 2 });
    const payment = await authorized();
    faults.failNext({ path: '/capture', status: 500, count: 2 });
    const captured = await retrying.capture(payment.paymentId, { idempotencyKey: key() });
    expect(captured).toMatchObject({ status: 'captured', received: 55_350 });
  });

  it('lists every payment created since a time, page after page', async () => {
    const since = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
    const made = new Set<string>();
    for (let i = 0; i < 105; i += 1) made.add((await authorized(1_000 + i)).paymentId);
    const listed = await gateway.listSince(since);
    expect(listed.filter((payment) => made.has(payment.paymentId))).toHaveLength(105);
    expect(listed.find((payment) => made.has(payment.paymentId))).toMatchObject({
      status: 'authorized',
      cardLast4: '4242',
    });
    expect(listed.every((payment) => payment.createdAt >= since)).toBe(true);
  });

  it('reports an unknown payment as not found', async () => {
    await expect(gateway.retrieve('pi_missing')).rejects.toMatchObject({ kind: 'not_found', status: 404 });
  });

  it('reports an unreachable processor as unavailable with the seed message', async () => {
    const closed = await startStripeSandbox();
    await closed.close();
    const offline = new StripeGateway({ sandbox: { host: closed.host, port: closed.port }, maxNetworkRetries: 0 });
    await expect(offline.retrieve('pi_1')).rejects.toMatchObject({
      kind: 'unavailable',
      message: 'Unknown payment error',
    });
  });

  it('sends pm_card_* ids for test cards when asked to, as Stripe test mode expects', async () => {
    const viaIds = new StripeGateway({
      sandbox: { host: sandbox.host, port: sandbox.port },
      cardTransport: 'test_payment_methods',
      maxNetworkRetries: 0,
    });
    const ok = await viaIds.authorize({ amount: usd(3_000), card: card('4242424242424242'), idempotencyKey: key() });
    expect(ok).toMatchObject({ outcome: 'authorized', payment: { cardLast4: '4242' } });
    const declined = await viaIds.authorize({
      amount: usd(3_000),
      card: card('4000000000009995'),
      idempotencyKey: key(),
    });
    expect(declined).toMatchObject({ outcome: 'declined', declineCode: 'insufficient_funds' });
  });
});

describe('choosing the processor', () => {
  it('uses Stripe with a secret key and needs the sandbox otherwise', () => {
    expect(new StripeGateway({ secretKey: 'sk_test_abc' }).mode).toBe('stripe');
    expect(() => new StripeGateway({})).toThrow();
  });

  it('talks to the sandbox with a test key, as the real client sends it', async () => {
    const stripe = new Stripe(SANDBOX_SECRET_KEY, {
      host: sandbox.host,
      port: sandbox.port,
      protocol: 'http',
      telemetry: false,
      maxNetworkRetries: 0,
    });
    const intent = await stripe.paymentIntents.create({
      amount: 1_000,
      currency: 'eur',
      payment_method: 'pm_card_visa',
      confirm: true,
      capture_method: 'manual',
      metadata: { a: 'b' },
    });
    expect(intent).toMatchObject({
      object: 'payment_intent',
      status: 'requires_capture',
      amount_capturable: 1_000,
      currency: 'eur',
      metadata: { a: 'b' },
    });
    const live = new Stripe('sk_live_nope', {
      host: sandbox.host,
      port: sandbox.port,
      protocol: 'http',
      telemetry: false,
      maxNetworkRetries: 0,
    });
    await expect(live.paymentIntents.retrieve(intent.id)).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });
});
