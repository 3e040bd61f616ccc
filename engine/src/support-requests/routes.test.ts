import { supportFormMessages as m } from '@contrail/shared';
import { supportRequestListSchema, supportRequestReceiptSchema } from '@contrail/shared/content/forms';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { ManualClock } from '../clock.js';
import type { SqlClient } from '../storage/sql.js';
import { answerOf } from '../test-support/answer.js';
import { testDeps } from '../test-support/app.js';
import { ensureBrand } from '../test-support/brands.js';
import { sqlBackends } from '../test-support/sql.js';
import { SUPPORT_RATE_LIMIT, supportRateLimitMessage } from './rate-limit.js';

const contact = {
  kind: 'contact',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+1 201 555 0147',
  reason: 'cancellation',
  bookingReference: 'k7qx2m',
  message: 'Please cancel my flight to Lisbon.',
  preferredContact: 'phone',
  privacyConsent: true,
};
const support = {
  kind: 'support',
  fullName: 'Grace Hopper',
  email: 'grace@example.com',
  subject: 'Seats',
  message: 'Can I pick seats now?',
};

describe.each(sqlBackends())('support requests on $name', (backend) => {
  let sql: SqlClient;
  let clock: ManualClock;
  let app: Express;
  const cookies: Record<string, string> = {};

  const newApp = () => {
    clock = new ManualClock('2026-11-22T12:00:00Z');
    app = createApp(testDeps(sql, { clock }));
  };

  async function signIn(username: string, brand = 'default') {
    const response = await request(app)
      .post('/api/auth/login')
      .set('X-Brand-Key', brand)
      .send({ username, password: 'a-password' })
      .expect(200);
    return (response.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
  }

  beforeAll(async () => {
    sql = await backend.open();
    await ensureBrand(sql, 'skyfares.com');
    newApp();
    const { accounts } = testDeps(sql);
    const base = { password: 'a-password', firstName: 'A', lastName: 'B' };
    await accounts.register('default', { ...base, username: 'traveller', email: 't@example.com' });
    await accounts.register('default', { ...base, username: 'staff', email: 's@example.com' }, { isAdmin: true });
    await accounts.register(
      'skyfares.com',
      { ...base, username: 'skystaff', email: 'k@example.com' },
      { isAdmin: true },
    );
    await accounts.register(
      'default',
      { ...base, username: 'root', email: 'r@example.com' },
      { isAdmin: true, isPlatformAdmin: true },
    );
    cookies.traveller = await signIn('traveller');
    cookies.staff = await signIn('staff');
    cookies.skystaff = await signIn('skystaff', 'skyfares.com');
    cookies.root = await signIn('root');
  });
  afterAll(async () => {
    await sql.close();
  });
  // A fresh app per test: fresh rate-limit counters and a clock at noon (sessions are signed cookies, so they carry over).
  beforeEach(newApp);

  it('records a contact message for the brand and lists it to its admins, newest first', async () => {
    const first = await request(app).post('/api/support-requests').send(contact).expect(201);
    expect(answerOf(supportRequestReceiptSchema, first)).toEqual({
      id: expect.any(String),
      kind: 'contact',
      createdAt: '2026-11-22T12:00:00.000Z',
    });
    clock.advance(60_000);
    await request(app).post('/api/support-requests').set('Cookie', cookies.traveller!).send(support).expect(201);

    const list = await request(app).get('/api/admin/support-requests').set('Cookie', cookies.staff!).expect(200);
    expect(answerOf(supportRequestListSchema, list).total).toBe(2);
    expect(list.body.requests.map((r: { kind: string }) => r.kind)).toEqual(['support', 'contact']);
    expect(list.body.requests[1]).toEqual({
      id: first.body.id,
      brandKey: 'default',
      kind: 'contact',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+1 201 555 0147',
      reason: 'cancellation',
      subject: null,
      bookingReference: 'K7QX2M',
      message: 'Please cancel my flight to Lisbon.',
      preferredContact: 'phone',
      createdAt: '2026-11-22T12:00:00.000Z',
    });
    const onlySupport = await request(app)
      .get('/api/admin/support-requests?kind=support')
      .set('Cookie', cookies.staff!)
      .expect(200);
    expect(onlySupport.body.requests.map((r: { subject: string }) => r.subject)).toEqual(['Seats']);
  });

  it('refuses bad input with a 400 naming the field, and records nothing', async () => {
    const before = await request(app).get('/api/admin/support-requests').set('Cookie', cookies.staff!).expect(200);
    const bad = await request(app)
      .post('/api/support-requests')
      .send({ ...contact, email: 'nope', privacyConsent: false })
      .expect(400);
    expect(bad.body.errors).toEqual([
      { path: 'email', message: m.email },
      { path: 'privacyConsent', message: m.privacyConsent },
    ]);
    await request(app).post('/api/support-requests').send({ kind: 'contact' }).expect(400);
    const unknown = await request(app)
      .post('/api/support-requests')
      .send({ kind: 'prize', email: 'a@example.com' })
      .expect(400);
    expect(unknown.body.errors[0].path).toBe('kind');
    const after = await request(app).get('/api/admin/support-requests').set('Cookie', cookies.staff!).expect(200);
    expect(after.body.total).toBe(before.body.total);
  });

  it('keeps one newsletter sign-up per brand and address', async () => {
    const first = await request(app)
      .post('/api/support-requests')
      .send({ kind: 'subscribe', email: 'news@example.com' })
      .expect(201);
    const again = await request(app)
      .post('/api/support-requests')
      .send({ kind: 'subscribe', email: 'NEWS@example.com' })
      .expect(201);
    expect(again.body.id).toBe(first.body.id);
    await request(app)
      .post('/api/support-requests')
      .set('X-Brand-Key', 'skyfares.com')
      .send({ kind: 'subscribe', email: 'news@example.com' })
      .expect(201);
    const list = await request(app)
      .get('/api/admin/support-requests?kind=subscribe')
      .set('Cookie', cookies.staff!)
      .expect(200);
    expect(list.body.total).toBe(1);
  });

  it('shows each brand admin only their brand; a platform admin may read any or all', async () => {
    await request(app).post('/api/support-requests').set('X-Brand-Key', 'skyfares.com').send(support).expect(201);
    const sky = await request(app)
      .get('/api/admin/support-requests')
      .set('X-Brand-Key', 'skyfares.com')
      .set('Cookie', cookies.skystaff!)
      .expect(200);
    expect(sky.body.requests.every((r: { brandKey: string }) => r.brandKey === 'skyfares.com')).toBe(true);
    expect(sky.body.total).toBe(2);
    await request(app)
      .get('/api/admin/support-requests?brand=default')
      .set('X-Brand-Key', 'skyfares.com')
      .set('Cookie', cookies.skystaff!)
      .expect(403);
    const all = await request(app)
      .get('/api/admin/support-requests?brand=all')
      .set('Cookie', cookies.root!)
      .expect(200);
    expect(new Set(all.body.requests.map((r: { brandKey: string }) => r.brandKey))).toEqual(
      new Set(['default', 'skyfares.com']),
    );
  });

  it('answers 401 signed out and 403 to travellers; checks the list query', async () => {
    await request(app).get('/api/admin/support-requests').expect(401);
    await request(app).get('/api/admin/support-requests').set('Cookie', cookies.traveller!).expect(403);
    const bad = await request(app).get('/api/admin/support-requests?limit=0').set('Cookie', cookies.staff!).expect(400);
    expect(bad.body.errors[0].path).toBe('limit');
  });

  it('refuses a cross-site post', async () => {
    await request(app).post('/api/support-requests').set('Origin', 'https://evil.example').send(support).expect(403);
    await request(app).post('/api/support-requests').set('Sec-Fetch-Site', 'cross-site').send(support).expect(403);
  });

  it('rate limits posts per IP', async () => {
    for (let i = 0; i < SUPPORT_RATE_LIMIT; i++)
      await request(app).post('/api/support-requests').send(support).expect(201);
    const limited = await request(app).post('/api/support-requests').send(support).expect(429);
    expect(limited.body.message).toBe(supportRateLimitMessage);
  });
});
