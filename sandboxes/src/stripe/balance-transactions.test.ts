import express from 'express';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { cardFeeOf } from './balance-transactions.js';
import { stripeSandboxRouter } from './router.js';
import { InMemoryStripeSandboxStore } from './store.js';

const AUTH = 'Bearer sk_test_123';
let app: express.Express;

beforeEach(() => {
  app = express();
  app.use(stripeSandboxRouter({ store: new InMemoryStripeSandboxStore() }));
});

const post = (path: string, form: string) => request(app).post(path).set('Authorization', AUTH).type('form').send(form);
const get = (path: string) => request(app).get(path).set('Authorization', AUTH);

describe('the Stripe sandbox fee rule', () => {
  it('takes 2.9% of the amount, rounded to the minor unit, plus 30', () => {
    expect(cardFeeOf(10_000)).toBe(320);
    expect(cardFeeOf(123_456)).toBe(3_580 + 30);
    expect(cardFeeOf(50)).toBe(31);
  });
});

describe('Stripe sandbox charges and balance transactions', () => {
  it('gives a captured charge a balance transaction with the fee, and a refund one without', async () => {
    const { body: intent } = await post(
      '/v1/payment_intents',
      'amount=123456&currency=eur&confirm=true&capture_method=manual&payment_method=pm_card_visa',
    );
    const uncaptured = await get(`/v1/charges/${intent.latest_charge}`);
    expect(uncaptured.body).toMatchObject({ object: 'charge', captured: false, balance_transaction: null });

    await post(`/v1/payment_intents/${intent.id}/capture`, '');
    const charge = await get(`/v1/charges/${intent.latest_charge}?expand[]=balance_transaction`);
    expect(charge.body).toMatchObject({
      id: intent.latest_charge,
      payment_intent: intent.id,
      amount_captured: 123_456,
      captured: true,
      balance_transaction: {
        object: 'balance_transaction',
        type: 'charge',
        amount: 123_456,
        fee: 3_610,
        net: 119_846,
        currency: 'eur',
      },
    });
    const byId = await get(`/v1/balance_transactions/${charge.body.balance_transaction.id}`);
    expect(byId.body).toEqual(charge.body.balance_transaction);
    expect(byId.body.fee_details).toEqual([
      { amount: 3_610, currency: 'eur', type: 'stripe_fee', description: 'Stripe processing fees', application: null },
    ]);

    const { body: refund } = await post('/v1/refunds', `payment_intent=${intent.id}&amount=100000`);
    expect(refund.balance_transaction).toMatch(/^txn_/);
    const refunded = await get(`/v1/balance_transactions/${refund.balance_transaction}`);
    expect(refunded.body).toMatchObject({ type: 'refund', amount: -100_000, fee: 0, net: -100_000, source: refund.id });
    expect((await get(`/v1/charges/${intent.latest_charge}`)).body.amount_refunded).toBe(100_000);
  });

  it("answers 404 in Stripe's shape for ids it does not hold", async () => {
    for (const path of [
      '/v1/charges/ch_nothing',
      '/v1/balance_transactions/txn_nothing',
      '/v1/balance_transactions/x',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' });
    }
  });
});
