import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import Stripe from 'stripe';
import type ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeSandbox, type RunningStripeSandbox } from '@contrail/sandboxes/stripe/server';
import { SANDBOX_SECRET_KEY } from './stripe-gateway.js';
import { DeclaredTypes } from '@contrail/sandboxes/test-support/declared-types';
import {
  specEndpointOf,
  STRIPE_SPEC_SOURCE,
  stripeSpecProblems,
  type StripeAnswer,
} from '@contrail/sandboxes/test-support/stripe-openapi';

/**
 * The official `stripe` client's own calls against the Stripe sandbox, for the endpoints and
 * parameters the engine does not use yet but a switch to Stripe (or another client) would.
 */
let sandbox: RunningStripeSandbox;
let stripe: Stripe;
/** Every answer of the sandbox in this file, as the client received it. */
const answers: Array<StripeAnswer & { request: string }> = [];
const recordingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const url = new URL(typeof input === 'string' ? input : input.toString());
  const method = init?.method ?? 'GET';
  answers.push({
    request: `${method} ${url.href}`,
    method,
    path: url.pathname,
    status: response.status,
    body: await response.clone().json(),
  });
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
    // The card error names the failed charge, which reads back as failed and unpaid.
    const error = (await declined.catch((failure: unknown) => failure)) as InstanceType<
      typeof Stripe.errors.StripeCardError
    >;
    expect(error.charge).toMatch(/^ch_/);
    expect(await stripe.charges.retrieve(error.charge!)).toMatchObject({
      status: 'failed',
      paid: false,
      captured: false,
      failure_code: 'card_declined',
      balance_transaction: null,
    });
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

  it('captures and refunds with balance transactions carrying Stripe fees, read through the client', async () => {
    const paid = await stripe.paymentIntents.create({ ...manual, payment_method: 'pm_card_visa', confirm: true });
    const captured = await stripe.paymentIntents.capture(paid.id, { expand: ['latest_charge'] });
    const charge = captured.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ object: 'charge', captured: true, amount_captured: 2_500 });
    const fee = await stripe.balanceTransactions.retrieve(charge.balance_transaction as string);
    expect(fee).toMatchObject({ object: 'balance_transaction', type: 'charge', amount: 2_500, source: charge.id });
    expect(fee.fee).toBeGreaterThan(0);
    expect(fee.net).toBe(fee.amount - fee.fee);
    expect(fee.fee_details.reduce((sum, part) => sum + part.amount, 0)).toBe(fee.fee);
    expect((await stripe.charges.retrieve(charge.id)).id).toBe(charge.id);
    const refund = await stripe.refunds.create({ payment_intent: paid.id, amount: 1_000 });
    const back = await stripe.balanceTransactions.retrieve(refund.balance_transaction as string);
    expect(back).toMatchObject({ type: 'refund', amount: -1_000, source: refund.id });
    expect((await stripe.refunds.retrieve(refund.id)).id).toBe(refund.id);
    const cancelled = await stripe.paymentIntents.create({ ...manual, payment_method: 'pm_card_visa', confirm: true });
    expect((await stripe.paymentIntents.cancel(cancelled.id)).status).toBe('canceled');
    expect((await stripe.paymentIntents.retrieve(cancelled.id)).canceled_at).not.toBeNull();
    await expect(stripe.paymentIntents.retrieve('pi_missing')).rejects.toMatchObject({ code: 'resource_missing' });
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
 * generated from a newer Stripe OpenAPI specification than the one vendored above), checked one level
 * deep: the object's own properties (present if required, declared, null only where allowed, of
 * the declared kind or literal), the objects it carries checked as answers of their own below.
 */
const stripeRoot = join(dirname(createRequire(import.meta.url).resolve('stripe')), '..');
const esm = (file: string) => join(stripeRoot, 'esm', file);
const FILES = {
  payment_intent: ['resources/PaymentIntents.d.ts', 'PaymentIntent'],
  payment_method: ['resources/PaymentMethods.d.ts', 'PaymentMethod'],
  refund: ['resources/Refunds.d.ts', 'Refund'],
  charge: ['resources/Charges.d.ts', 'Charge'],
  balance_transaction: ['resources/BalanceTransactions.d.ts', 'BalanceTransaction'],
  error: ['Types.d.ts', 'StripeRawError'],
} as const;
const declared = new DeclaredTypes(Object.values(FILES).map(([file]) => esm(file)));
/** The types the stripe package declares, by the `object` an answer names. */
const SHAPES: Record<string, ts.Type> = Object.fromEntries(
  Object.entries(FILES).map(([kind, [file, name]]) => [kind, declared.type(name, esm(file))]),
);

/**
 * The problems of an answer and of the objects it carries (a list's data, an error's intent, the
 * expanded payment method, latest charge and balance transaction).
 */
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
  const nested = ['data', 'payment_intent', 'payment_method', 'latest_charge', 'balance_transaction'].flatMap((key) => {
    const inner = answer[key];
    return Array.isArray(inner)
      ? inner.flatMap((item) => problemsOf(item, `${where} ${key}[]`))
      : problemsOf(inner, `${where} ${key}`);
  });
  return [...own, ...nested];
}

/**
 * The same answers against Stripe's published OpenAPI specification (the part the sandbox serves,
 * vendored in sandboxes/src/test-support/stripe-openapi/), with ajv: required properties, types,
 * nulls, enums and patterns at every depth; a successful answer of an endpoint the specification
 * part lacks fails too.
 */
describe("the answers above, against Stripe's OpenAPI specification", () => {
  it(`validates every answer against spec3.json ${STRIPE_SPEC_SOURCE.version}`, () => {
    const endpoints = new Set(answers.map(({ method, path }) => specEndpointOf(method, path) ?? `${method} ${path}`));
    expect([...endpoints].sort()).toEqual([
      'GET /v1/balance_transactions/{id}',
      'GET /v1/charges/{charge}',
      'GET /v1/payment_intents',
      'GET /v1/payment_intents/{intent}',
      'GET /v1/refunds',
      'GET /v1/refunds/{refund}',
      'POST /v1/payment_intents',
      'POST /v1/payment_intents/{intent}',
      'POST /v1/payment_intents/{intent}/cancel',
      'POST /v1/payment_intents/{intent}/capture',
      'POST /v1/payment_intents/{intent}/confirm',
      'POST /v1/refunds',
    ]);
    expect(answers.some(({ status }) => status === 402)).toBe(true);
    expect(answers.flatMap(stripeSpecProblems)).toEqual([]);
  });
});

describe('the answers above, against the shapes of the stripe package', () => {
  it('has every property Stripe requires, nothing Stripe lacks, and null only where Stripe allows it', () => {
    const kinds = new Set(answers.map(({ body }) => String((body as { object?: string }).object ?? 'error')));
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['error', 'list', 'payment_intent', 'refund']));
    expect(answers.flatMap(({ request, body }) => problemsOf(body, request))).toEqual([]);
  });
});
