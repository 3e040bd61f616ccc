import { DEFAULT_BRAND, type Brand } from '@contrail/shared';
import { DEFAULT_PRICING, type BrandPricing } from '@contrail/shared/pricing/pricing';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import type { SqlClient } from '../storage/sql.js';
import { sqlBackends } from '../test-support/sql.js';
import { adminTestApp, type AdminTestApp, type TestUser } from './test-support/admin-app.js';

const skyfares: Brand = { ...DEFAULT_BRAND, key: 'skyfares.com', name: 'SkyFares', domain: 'skyfares.com' };
const transatlantic: BrandPricing = {
  rules: [
    {
      id: 'transatlantic',
      name: 'Transatlantic',
      match: { origin: 'north-america', destination: 'europe' },
      percent: 10,
      fixed: 25,
      per: 'traveller',
    },
  ],
  fallback: { percent: 20, fixed: 0, per: 'booking' },
  minimumMarginPercent: 5,
};
const REASON = 'Q1 transatlantic campaign';

describe.each(sqlBackends())("a brand's pricing rules (PUT /api/admin/brands/:key/pricing, $name)", (backend) => {
  let sql: SqlClient;
  let engine: AdminTestApp;

  const as = async (user: TestUser, method: 'get' | 'post' | 'patch' | 'put', path: string, body?: object) => {
    const agent = request(engine.app);
    const call = agent[method](path).set('Cookie', await engine.cookie(user));
    if (user === 'skyadmin') call.set('X-Brand-Key', 'skyfares.com');
    return body ? call.send(body) : call;
  };
  const pricingOf = async () => (await request(engine.app).get('/api/brands/skyfares.com').expect(200)).body.pricing;
  const history = async () => (await as('root', 'get', '/api/admin/brands/skyfares.com/history')).body.changes;

  beforeAll(async () => {
    sql = await backend.open();
    engine = await adminTestApp(sql, { clock: new ManualClock('2026-11-22T12:00:00Z') });
    expect((await as('root', 'post', '/api/admin/brands', skyfares)).status).toBe(201);
  });
  afterAll(async () => {
    await sql.close();
  });

  it('sets the rules for a platform admin, recording who and why, and the storefront prices by them at once', async () => {
    const response = await as('root', 'put', '/api/admin/brands/skyfares.com/pricing', {
      pricing: transatlantic,
      reason: REASON,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ pricing: transatlantic, version: 2 });
    expect(await pricingOf()).toEqual(transatlantic);
    expect((await history()).at(-1)).toMatchObject({
      action: 'pricing',
      by: 'root',
      reason: REASON,
      changes: { pricing: { from: DEFAULT_PRICING, to: transatlantic } },
    });
  });

  it('records nothing when the pricing is the same', async () => {
    const response = await as('root', 'put', '/api/admin/brands/skyfares.com/pricing', {
      pricing: transatlantic,
      reason: 'saved twice',
    });
    expect(response.body.version).toBe(2);
    expect(await history()).toHaveLength(2);
  });

  it('answers 400 naming the field for a bad rule, a missing reason or a rule under the minimum margin, changing nothing', async () => {
    const rule = transatlantic.rules[0]!;
    const cases: Array<[object, string]> = [
      [{ pricing: transatlantic, reason: 'why' }, 'reason'],
      [{ pricing: transatlantic }, 'reason'],
      [
        { pricing: { ...transatlantic, rules: [{ ...rule, match: { origin: 'Mars' } }] }, reason: REASON },
        'pricing.rules.0.match.origin',
      ],
      [
        { pricing: { ...transatlantic, rules: [{ ...rule, percent: 'ten' }] }, reason: REASON },
        'pricing.rules.0.percent',
      ],
      [{ pricing: { ...transatlantic, rules: [rule, rule] }, reason: REASON }, 'pricing.rules.1.id'],
      [
        { pricing: { ...transatlantic, rules: [{ ...rule, fixed: 0, percent: 2 }] }, reason: REASON },
        'pricing.rules.0.percent',
      ],
      [{ pricing: 'cheap', reason: REASON }, 'pricing'],
    ];
    for (const [body, field] of cases) {
      const response = await as('root', 'put', '/api/admin/brands/skyfares.com/pricing', body);
      expect(response.status, field).toBe(400);
      expect(
        response.body.errors.map((error: { path: string }) => error.path),
        field,
      ).toContain(field);
    }
    expect(await pricingOf()).toEqual(transatlantic);
    expect(await history()).toHaveLength(2);
  });

  it('keeps pricing out of the plain brand update, and from brand admins', async () => {
    const patched = await as('root', 'patch', '/api/admin/brands/skyfares.com', { pricing: DEFAULT_PRICING });
    expect(patched.status).toBe(400);
    expect(patched.body.errors[0].path).toBe('pricing');
    const put = await as('skyadmin', 'put', '/api/admin/brands/skyfares.com/pricing', {
      pricing: DEFAULT_PRICING,
      reason: 'my own brand',
    });
    expect(put.status).toBe(403);
    expect(await pricingOf()).toEqual(transatlantic);
  });

  it("reads a brand stored with one multiplier as that markup's default rule", async () => {
    const { pricing: _pricing, ...config } = { ...skyfares, key: undefined, priceMarkup: 1.15 };
    await sql.query(
      `INSERT INTO brands (key, domain, config, version, created_at, updated_at) VALUES ('old.example', 'old.example', $1::jsonb, 1, now(), now())`,
      [JSON.stringify({ ...config, domain: 'old.example' })],
    );
    const old = await request(engine.app).get('/api/brands/old.example').expect(200);
    expect(old.body.pricing).toEqual({ ...DEFAULT_PRICING, fallback: { percent: 15, fixed: 0, per: 'booking' } });
    expect(old.body).not.toHaveProperty('priceMarkup');
  });
});
