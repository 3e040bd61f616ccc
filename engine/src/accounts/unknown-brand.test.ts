import { DEFAULT_BRAND } from '@contrail/shared';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTestApp, TEST_PASSWORD, type AdminTestApp } from '../admin/test-support/admin-app.js';
import { BrandStore } from '../brands/brand-store.js';
import { SelfUrl } from '../calls/self-url.js';
import { selfAddressedGateway } from '../payments/wiring.js';
import type { SqlClient } from '../storage/sql.js';
import { sqlBackends } from '../test-support/sql.js';

const setCookies = (response: request.Response) => (response.headers['set-cookie'] as unknown as string[]) ?? [];

/** Issue #31: a call on a brand that does not exist says so (400), instead of answering as if it did. */
describe.each(sqlBackends())('calls naming an unknown brand ($name)', (backend) => {
  let sql: SqlClient;
  let engine: AdminTestApp;

  beforeAll(async () => {
    sql = await backend.open();
    const selfUrl = new SelfUrl('127.0.0.1', 0);
    // Payments (never called) so that the booking routes, with their ?brand= filters, are mounted.
    engine = await adminTestApp(sql, { selfUrl, payments: selfAddressedGateway(selfUrl) });
    const brands = new BrandStore(sql);
    const admin = { id: 'admin', username: 'admin' };
    await brands.create({ ...DEFAULT_BRAND, key: 'skyfares', domain: 'skyfares.example' }, admin, new Date());
    const closed = await brands.create({ ...DEFAULT_BRAND, key: 'closed.example', domain: '' }, admin, new Date());
    await brands.setDisabled(closed, true, admin, new Date());
  });
  afterAll(async () => {
    await sql?.close();
  });

  it('answers 400 UNKNOWN_BRAND to any call whose X-Brand-Key names no brand, in any case', async () => {
    for (const [method, path] of [
      ['get', '/api/auth/user'],
      ['post', '/api/auth/login'],
      ['get', '/api/bookings'],
      ['post', '/api/support-requests'],
    ] as const) {
      const answer = await request(engine.app)[method](path).set('X-Brand-Key', 'NoSuchBrand.example').send({});
      expect(answer.status, `${method} ${path}`).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'UNKNOWN_BRAND',
        message: 'Unknown brand nosuchbrand.example: X-Brand-Key names no brand',
      });
    }
  });

  it('takes a brand by its key or its domain, a disabled one, and no header as the default brand', async () => {
    for (const brand of ['skyfares', 'SkyFares.example', 'closed.example']) {
      await request(engine.app).get('/api/auth/user').set('X-Brand-Key', brand).expect(401);
    }
    await request(engine.app).get('/api/auth/user').expect(401);
    await request(engine.app)
      .post('/api/auth/login')
      .set('X-Brand-Key', 'default')
      .send({ username: 'traveller', password: TEST_PASSWORD })
      .expect(200);
  });

  it('changes nothing when it refuses: no account, and the signed-in hint stays', async () => {
    const registration = {
      username: 'lost.traveller',
      password: 'a-Password-1!',
      confirmPassword: 'a-Password-1!',
      email: 'lost@example.com',
      firstName: 'Lost',
      lastName: 'Traveller',
    };
    await request(engine.app)
      .post('/api/auth/register')
      .set('X-Brand-Key', 'nosuch.example')
      .send(registration)
      .expect(400);
    const { rows } = await sql.query('SELECT 1 FROM users WHERE username = $1', ['lost.traveller']);
    expect(rows).toEqual([]);

    const cookie = await engine.cookie('traveller');
    const refused = await request(engine.app)
      .get('/api/auth/user')
      .set('Cookie', `${cookie}; contrail.signed-in=1`)
      .set('X-Brand-Key', 'nosuch.example')
      .expect(400);
    expect(setCookies(refused).filter((line) => line.includes('signed-in'))).toEqual([]);
    await request(engine.app).get('/api/auth/user').set('Cookie', cookie).expect(200);
  });

  it('answers 400 to an admin list filtered with ?brand= naming no brand', async () => {
    const answer = await request(engine.app)
      .get('/api/admin/bookings?brand=nosuch.example')
      .set('Cookie', await engine.cookie('root'))
      .expect(400);
    expect(answer.body.code).toBe('UNKNOWN_BRAND');
  });
});
