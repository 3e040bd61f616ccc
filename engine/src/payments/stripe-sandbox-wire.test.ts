import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import Stripe from 'stripe';
import type ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeSandbox, type RunningStripeSandbox } from '@contrail/sandboxes/stripe/server';
import { SANDBOX_SECRET_KEY } from './stripe-gateway.js';
import { DeclaredTypes } from '@contrail/sandboxes/test-support/declared-types';

/**
 * The official `stripe` client's own calls against the Stripe sandbox, for the endpoints and
 * parameters the engine does not use yet but a switch to Stripe (or another client) would.
 */
let sandbox: RunningStripeSandbox;
let stripe: Stripe;
/** Every answer of the sandbox in this file, as the client received it. */
const answers: Array<{ request: string; body: unknown }> = [];
const recordingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const request = `${init?.method ?? 'GET'} ${typeof input === 'string' ? input : input.toString()}`;
  answers.push({ request, body: await response.clone().json() });
  return response;
};

beforeAll(async () => {
  sandbox = await startStripeSandbox();
  stripe = new Stripe(SANDBOX_SECRET_KEY, {
    host: sandbox.host,
    port: sandbox.port,
    protocol: 'http',
    telemetry: false,
    maxNetworkRetries: 0,
    httpClient: Stripe.createFetchHttpClient(recordingFetch),
  });
});
afterAll(async () => {
  await sandbox?.close();
});

const manual = { amount: 2_500, currency: 'usd', capture_method: 'manual' as const, payment_method_types: ['card'] };

describe('the Stripe sandbox through the official client', () => {
  it('confirms in two steps, after an update', async () => {
    const created = await stripe.paymentIntents.create({ ...manual, metadata: { offer: 'off_1', gone: 'x' } });
    expect(created.status).toBe('requires_payment_method');
    const updated = await stripe.paymentIntents.update(created.id, {
      amount: 3_000,
      payment_method: 'pm_card_visa',
      metadata: { gone: '', brand: 'default' },
    });
    expect(updated).toMatchObject({
      status: 'requires_confirmation',
      amount: 3_000,
      metadata: { offer: 'off_1', brand: 'default' },
    });
    expect(updated.metadata).not.toHaveProperty('gone');
    const confirmed = await stripe.paymentIntents.confirm(created.id, { expand: ['latest_charge'] });
    expect(confirmed).toMatchObject({ status: 'requires_capture', amount_capturable: 3_000 });
    expect(confirmed.latest_charge).toMatchObject({ object: 'charge', payment_intent: created.id });
    await expect(stripe.paymentIntents.confirm(created.id)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
    await expect(stripe.paymentIntents.update(created.id, { amount: 4_000 })).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
    // Metadata may change at any time.
    expect((await stripe.paymentIntents.update(created.id, { metadata: { booking: 'bkg_1' } })).metadata).toEqual({
      offer: 'off_1',
      brand: 'default',
      booking: 'bkg_1',
    });
  });

  it('confirms a 3-D Secure card to the bank challenge, with a return_url', async () => {
    const created = await stripe.paymentIntents.create({ ...manual, payment_method: 'pm_card_threeDSecure2Required' });
    const confirmed = await stripe.paymentIntents.confirm(created.id, { return_url: 'https://shop.example/back' });
    expect(confirmed.status).toBe('requires_action');
    expect(confirmed.next_action?.type).toBe('redirect_to_url');
    expect(confirmed.next_action?.redirect_to_url).toEqual({
      url: expect.stringContaining(`/sandbox/stripe/authenticate/${created.id}?client_secret=`),
      return_url: 'https://shop.example/back',
    });
  });

  it('declines pm_card_visa_chargeDeclined with the card error', async () => {
    const declined = stripe.paymentIntents.create({
      ...manual,
      payment_method: 'pm_card_visa_chargeDeclined',
      confirm: true,
    });
    await expect(declined).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    await expect(declined).rejects.toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });
  });

  it('refunds by charge', async () => {
    const paid = await stripe.paymentIntents.create({ ...manual, payment_method: 'pm_card_visa', confirm: true });
    await stripe.paymentIntents.capture(paid.id);
    const refund = await stripe.refunds.create({ charge: paid.latest_charge as string, amount: 500 });
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 500,
      payment_intent: paid.id,
      charge: paid.latest_charge,
    });
    await expect(stripe.refunds.create({ charge: 'ch_nothing' })).rejects.toMatchObject({ code: 'resource_missing' });
  });

  it('lists refunds of a payment, and payments before a cursor', async () => {
    const paid = await stripe.paymentIntents.create({ ...manual, payment_method: 'pm_card_visa', confirm: true });
    await stripe.paymentIntents.capture(paid.id);
    const made = [
      await stripe.refunds.create({ payment_intent: paid.id, amount: 100 }),
      await stripe.refunds.create({ payment_intent: paid.id, amount: 200 }),
    ];
    const refunds: string[] = [];
    for await (const refund of stripe.refunds.list({ payment_intent: paid.id, limit: 1 })) refunds.push(refund.id);
    expect(refunds.sort()).toEqual(made.map((refund) => refund.id).sort());
    const other = await stripe.paymentIntents.create({ ...manual, payment_method: 'pm_card_visa', confirm: true });
    // Two payments made in the same second are ordered by id: take the older of the two as it is listed.
    const both = await stripe.paymentIntents.list({ created: { gte: paid.created }, limit: 100 });
    const listed = both.data.map((intent) => intent.id).filter((id) => id === paid.id || id === other.id);
    expect(listed).toHaveLength(2);
    const [newer, older] = listed as [string, string];
    const before = await stripe.paymentIntents.list({ ending_before: older, created: { gte: paid.created } });
    expect(before.data.map((intent) => intent.id)).toContain(newer);
    expect(before.data.map((intent) => intent.id)).not.toContain(older);
  });
});

/**
 * The shapes of Stripe's objects as the official `stripe` package declares them (its types are
 * generated from Stripe's OpenAPI specification, which no npm package ships), checked one level
 * deep: the object's own properties (present if required, declared, null only where allowed, of
 * the declared kind or literal), the objects it carries checked as answers of their own below.
 */
const stripeRoot = join(dirname(createRequire(import.meta.url).resolve('stripe')), '..');
const esm = (file: string) => join(stripeRoot, 'esm', file);
const FILES = {
  payment_intent: ['resources/PaymentIntents.d.ts', 'PaymentIntent'],
  payment_method: ['resources/PaymentMethods.d.ts', 'PaymentMethod'],
  refund: ['resources/Refunds.d.ts', 'Refund'],
  error: ['Types.d.ts', 'StripeRawError'],
} as const;
const declared = new DeclaredTypes(Object.values(FILES).map(([file]) => esm(file)));
/** The types the stripe package declares, by the `object` an answer names. */
const SHAPES: Record<string, ts.Type> = Object.fromEntries(
  Object.entries(FILES).map(([kind, [file, name]]) => [kind, declared.type(name, esm(file))]),
);

/** The problems of an answer and of the objects it carries (a list's data, an error's intent, expanded ones). */
function problemsOf(value: unknown, where: string): string[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  const answer = value as Record<string, unknown>;
  if ('error' in answer) return problemsOf({ ...(answer.error as object), object: 'error' }, `${where} error`);
  const kind = String(answer.object);
  const own = SHAPES[kind]
    ? declared.problems(
        kind === 'error' ? Object.fromEntries(Object.entries(answer).filter(([key]) => key !== 'object')) : answer,
        SHAPES[kind],
        `${where} ${kind}`,
        1,
      )
    : [];
  const nested = ['data', 'payment_intent', 'payment_method'].flatMap((key) => {
    const inner = answer[key];
    return Array.isArray(inner)
      ? inner.flatMap((item) => problemsOf(item, `${where} ${key}[]`))
      : problemsOf(inner, `${where} ${key}`);
  });
  return [...own, ...nested];
}

describe('the answers above, against the shapes of the stripe package', () => {
  it('has every property Stripe requires, nothing Stripe lacks, and null only where Stripe allows it', () => {
    const kinds = new Set(answers.map(({ body }) => String((body as { object?: string }).object ?? 'error')));
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['error', 'list', 'payment_intent', 'refund']));
    expect(answers.flatMap(({ request, body }) => problemsOf(body, request))).toEqual([]);
  });
});
