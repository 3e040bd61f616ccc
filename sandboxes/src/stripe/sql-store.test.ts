import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../test-support/sql.js';
import { sqlBackends } from '../test-support/sql.js';
import { stripeSandboxRouter } from './router.js';
import { SqlStripeSandboxStore } from './sql-store.js';
import { InMemoryStripeSandboxStore, type StripeSandboxStore } from './store.js';

const AUTH = 'Bearer sk_test_123';
const FORM =
  'amount=2500&currency=usd&confirm=true&capture_method=manual&payment_method=pm_card_visa&metadata[offerId]=off_1';

/** A fresh sandbox app over the database, as an engine (re)started on it would build. */
function sandboxOn(db: TestDatabase | StripeSandboxStore, now?: () => Date) {
  const app = express();
  const store = 'getPaymentIntent' in db ? db : new SqlStripeSandboxStore(db);
  app.use(stripeSandboxRouter({ store, ...(now && { now }) }));
  const post = (path: string, form: string, key?: string) => {
    const req = request(app).post(path).set('Authorization', AUTH).type('form').send(form);
    return key ? req.set('Idempotency-Key', key) : req;
  };
  const get = (path: string) => request(app).get(path).set('Authorization', AUTH);
  return { post, get };
}

describe.each(sqlBackends())('Stripe sandbox on SQL ($name)', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('keeps payments, refunds and idempotent answers across a restart', async () => {
    const before = sandboxOn(db);
    const { body: intent } = await before.post('/v1/payment_intents', FORM, 'sql-k1');
    expect(intent.status).toBe('requires_capture');

    const after = sandboxOn(db);
    expect((await after.post('/v1/payment_intents', FORM, 'sql-k1')).body).toEqual(intent);
    expect((await after.post('/v1/payment_intents', FORM.replace('2500', '2600'), 'sql-k1')).body.error.type).toBe(
      'idempotency_error',
    );
    expect(
      (await after.get(`/v1/payment_intents/${intent.id}?expand[0]=payment_method`)).body.payment_method.card.last4,
    ).toBe('4242');
    expect((await after.post(`/v1/payment_intents/${intent.id}/capture`, '')).body).toMatchObject({
      status: 'succeeded',
      amount_received: 2500,
    });

    await after.post('/v1/refunds', `payment_intent=${intent.id}&amount=1000`);
    await after.post('/v1/refunds', `payment_intent=${intent.id}&amount=1000`);
    const third = await sandboxOn(db).post('/v1/refunds', `payment_intent=${intent.id}&amount=1000`);
    expect(third.body.error).toMatchObject({ code: 'amount_too_large' });
    const last = await sandboxOn(db).post('/v1/refunds', `payment_intent=${intent.id}`);
    expect(last.body).toMatchObject({ amount: 500, status: 'succeeded' });
  });

  it('keeps a decline and its failed intent', async () => {
    const sandbox = sandboxOn(db);
    const declined = await sandbox.post(
      '/v1/payment_intents',
      FORM.replace('pm_card_visa', 'pm_card_chargeDeclined'),
      'sql-k2',
    );
    expect(declined.status).toBe(402);
    const replay = await sandboxOn(db).post(
      '/v1/payment_intents',
      FORM.replace('pm_card_visa', 'pm_card_chargeDeclined'),
      'sql-k2',
    );
    expect([replay.status, replay.body]).toEqual([402, declined.body]);
    expect((await sandbox.get(`/v1/payment_intents/${declined.body.error.payment_intent.id}`)).body.status).toBe(
      'requires_payment_method',
    );
  });

  it('runs a key once across processes sharing the database: the others answer in progress, then the same', async () => {
    const engines = Array.from({ length: 5 }, () => sandboxOn(db));
    const answers = await Promise.all(engines.map((engine) => engine.post('/v1/payment_intents', FORM, 'sql-k3')));
    const created = answers.filter((answer) => answer.status === 200);
    const busy = answers.filter((answer) => answer.status === 409);
    expect(created.length + busy.length).toBe(5);
    expect(new Set(created.map((answer) => answer.body.id)).size).toBe(1);
    for (const answer of busy) expect(answer.body.error.code).toBe('idempotency_key_in_use');
    const again = await Promise.all(engines.map((engine) => engine.post('/v1/payment_intents', FORM, 'sql-k3')));
    expect(new Set(again.map((answer) => answer.body.id))).toEqual(new Set([created[0]!.body.id]));
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM stripe_sandbox_objects WHERE kind = 'payment_intent' AND body->'metadata'->>'offerId' = 'off_1'`,
    );
    expect(rows[0]!.n).toBe(3);
  });

  it('takes over a key whose request died before answering', async () => {
    await db.query(`INSERT INTO stripe_sandbox_idempotency (scope, answer) VALUES ($1, $2::jsonb)`, [
      'sk_test_123|sql-k4',
      JSON.stringify({
        request: 'POST /v1/payment_intents',
        fingerprint: 'unknown',
        createdAt: Date.now() - 60_000,
        inProgress: true,
      }),
    ]);
    const answer = await sandboxOn(db).post('/v1/payment_intents', FORM, 'sql-k4');
    expect(answer.status).toBe(200);
  });

  it('lists PaymentIntents newest first across pages, ids in code-point order within a second', async () => {
    const at = new Date('2031-05-01T00:00:00Z');
    const sandbox = sandboxOn(db, () => at);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await sandbox.post('/v1/payment_intents', FORM)).body.id);
    const listed: string[] = [];
    let after = '';
    for (;;) {
      const page = await sandbox.get(`/v1/payment_intents?created[gte]=${at.getTime() / 1000}&limit=2${after}`);
      listed.push(...page.body.data.map((intent: { id: string }) => intent.id));
      if (!page.body.has_more) break;
      after = `&starting_after=${listed.at(-1)}`;
    }
    expect(listed).toEqual([...ids].sort().reverse());
  });

  it.each(['SQL', 'memory'])(
    'lists PaymentIntents and refunds with created ranges and both cursors, as Stripe does (%s store)',
    async (kind) => {
      let at = new Date('2032-03-01T00:00:00Z');
      const sandbox = sandboxOn(kind === 'SQL' ? db : new InMemoryStripeSandboxStore(), () => at);
      const seconds: number[] = [];
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        at = new Date(Date.parse('2032-03-01T00:00:00Z') + i * 10_000);
        seconds.push(at.getTime() / 1000);
        ids.push(
          (await sandbox.post('/v1/payment_intents', FORM.replace('capture_method=manual', 'capture_method=automatic')))
            .body.id,
        );
      }
      const list = async (query: string) => {
        const page = await sandbox.get(`/v1/payment_intents?${query}`);
        expect(page.status, JSON.stringify(page.body)).toBe(200);
        return { ids: page.body.data.map((intent: { id: string }) => intent.id), hasMore: page.body.has_more };
      };
      const [s0, s1, , s3, s4] = seconds;
      expect((await list(`created[gt]=${s0}&created[lt]=${s4}`)).ids).toEqual([ids[3], ids[2], ids[1]]);
      expect((await list(`created[gte]=${s1}&created[lte]=${s3}&limit=2`)).ids).toEqual([ids[3], ids[2]]);
      expect((await list(`created=${s3}`)).ids).toEqual([ids[3]]);
      // Backwards from the oldest: the page nearest to the cursor, still newest first.
      expect(await list(`created[gte]=${s0}&ending_before=${ids[0]}&limit=2`)).toEqual({
        ids: [ids[2], ids[1]],
        hasMore: true,
      });
      expect(await list(`created[gte]=${s0}&ending_before=${ids[2]}&limit=2`)).toEqual({
        ids: [ids[4], ids[3]],
        hasMore: false,
      });
      expect((await sandbox.get(`/v1/payment_intents?created[after]=1`)).status).toBe(400);
      expect((await sandbox.get(`/v1/payment_intents?ending_before=${ids[0]}&starting_after=${ids[1]}`)).status).toBe(
        400,
      );

      const refunds: string[] = [];
      for (const amount of [100, 200, 300])
        refunds.push((await sandbox.post('/v1/refunds', `payment_intent=${ids[0]}&amount=${amount}`)).body.id);
      await sandbox.post('/v1/refunds', `payment_intent=${ids[1]}&amount=100`);
      const listed = await sandbox.get(`/v1/refunds?payment_intent=${ids[0]}&limit=2`);
      expect(listed.body).toMatchObject({ object: 'list', url: '/v1/refunds', has_more: true });
      const charge = (await sandbox.get(`/v1/payment_intents/${ids[0]}`)).body.latest_charge;
      const byCharge = await sandbox.get(`/v1/refunds?charge=${charge}`);
      expect(byCharge.body.data.map((refund: { id: string }) => refund.id).sort()).toEqual([...refunds].sort());
      const rest = await sandbox.get(`/v1/refunds?payment_intent=${ids[0]}&starting_after=${listed.body.data[1].id}`);
      expect([...listed.body.data, ...rest.body.data].map((refund: { id: string }) => refund.id).sort()).toEqual(
        [...refunds].sort(),
      );
      expect((await sandbox.get('/v1/refunds?payment_intent=pi_nothing')).status).toBe(404);
    },
  );
});
