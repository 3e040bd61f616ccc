import { DEFAULT_PRICING } from '@contrail/shared/pricing/pricing';
import { DEFAULT_BRAND, type Brand } from '@contrail/shared';
import { INVITATION_TTL_MS, staffHistorySchema, staffListSchema } from '@contrail/shared/staff/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTestApp, type AdminTestApp } from '../admin/test-support/admin-app.js';
import { ManualClock } from '../clock.js';
import type { SqlClient } from '../storage/sql.js';
import { sqlBackends } from '../test-support/sql.js';
import { INVITATION_SUBJECT } from './invitation-email.js';
import { addStaff, invitationTokenFor, STAFF_PASSWORD } from './test-support/staff-users.js';

const skyfares: Brand = { ...DEFAULT_BRAND, key: 'skyfares.com', name: 'SkyFares', domain: 'skyfares.com' };
const SKY = 'skyfares.com';

const cookieOf = (response: request.Response) =>
  (response.headers['set-cookie'] as unknown as string[]).map((cookie) => cookie.split(';')[0]).join('; ');

describe.each(sqlBackends())('staff accounts over the API ($name)', (backend) => {
  let sql: SqlClient;
  let engine: AdminTestApp;
  const clock = new ManualClock('2026-11-22T12:00:00Z');
  let root: string;
  let skyboss: string;

  const signIn = async (username: string, brand = SKY, password = STAFF_PASSWORD) =>
    cookieOf(
      await request(engine.app)
        .post('/api/auth/login')
        .set('X-Brand-Key', brand)
        .send({ username, password })
        .expect(200),
    );
  const as = (cookie: string, brand = SKY) => ({
    get: (path: string) => request(engine.app).get(path).set('Cookie', cookie).set('X-Brand-Key', brand),
    post: (path: string, body: object) =>
      request(engine.app).post(path).set('Cookie', cookie).set('X-Brand-Key', brand).send(body),
    patch: (path: string, body: object) =>
      request(engine.app).patch(path).set('Cookie', cookie).set('X-Brand-Key', brand).send(body),
    put: (path: string, body: object) =>
      request(engine.app).put(path).set('Cookie', cookie).set('X-Brand-Key', brand).send(body),
  });

  async function inviteAndAccept(by: string, email: string, username: string, role = 'support-agent') {
    const invited = await as(by, by === root ? 'default' : SKY)
      .post('/api/admin/staff/invitations', { email, role, brands: [SKY], reason: 'joins the Sky desk' })
      .expect(201);
    const token = await invitationTokenFor(engine.deps, email);
    await request(engine.app)
      .post('/api/staff/invitations/accept')
      .send({ token, username, password: STAFF_PASSWORD, firstName: 'Ana', lastName: 'Lopez' })
      .expect(201);
    return invited.body.id as string;
  }

  beforeAll(async () => {
    sql = await backend.open();
    engine = await adminTestApp(sql, { clock });
    root = await engine.cookie('root');
    await as(root, 'default').post('/api/admin/brands', skyfares).expect(201);
    await addStaff(engine.deps, { username: 'skyboss', role: 'brand-admin', brands: [SKY] });
    skyboss = await signIn('skyboss');
  });
  afterAll(async () => {
    await sql.close();
  });

  it('invites by email with a single-use link that opens the acceptance page', async () => {
    const invited = await as(root, 'default')
      .post('/api/admin/staff/invitations', {
        email: 'ana@example.com',
        role: 'support-agent',
        brands: [SKY],
        reason: 'joins the Sky desk',
      })
      .expect(201);
    expect(invited.body).toMatchObject({ email: 'ana@example.com', role: 'support-agent', status: 'invited' });
    expect(invited.body.invitationExpiresAt).toBe(new Date(clock.now().getTime() + INVITATION_TTL_MS).toISOString());
    const { rows } = await sql.query<{ subject: string }>(
      `SELECT subject FROM email_outbox WHERE to_address = 'ana@example.com'`,
    );
    expect(rows.map((row) => row.subject)).toEqual([INVITATION_SUBJECT]);

    const token = await invitationTokenFor(engine.deps, 'ana@example.com');
    const { rows: stored } = await sql.query<{ invitation_token_hash: string }>(
      'SELECT invitation_token_hash FROM staff_members WHERE staff_id = $1',
      [invited.body.id],
    );
    expect(stored[0]!.invitation_token_hash).not.toContain(token);
    const view = await request(engine.app).get(`/api/staff/invitations/${token}`).expect(200);
    expect(view.body).toEqual({
      email: 'ana@example.com',
      role: 'support-agent',
      brands: [SKY],
      expiresAt: invited.body.invitationExpiresAt,
    });

    const accept = { token, username: 'ana', password: STAFF_PASSWORD, firstName: 'Ana', lastName: 'Lopez' };
    await request(engine.app).post('/api/staff/invitations/accept').send(accept).expect(201);
    await request(engine.app)
      .post('/api/staff/invitations/accept')
      .send({ ...accept, username: 'ana2' })
      .expect(404);
    await request(engine.app).get(`/api/staff/invitations/${token}`).expect(404);

    const ana = await signIn('ana');
    const me = await as(ana).get('/api/auth/user').expect(200);
    expect(me.body).toMatchObject({ isAdmin: true, staff: { role: 'support-agent', brands: [SKY] } });
  });

  it('lets a brand admin invite to their brand, never a platform admin nor to another brand', async () => {
    const invite = (body: object) =>
      as(skyboss).post('/api/admin/staff/invitations', { email: 'x@example.com', reason: 'desk hire', ...body });
    const platform = await invite({ role: 'platform-admin', brands: [] }).expect(403);
    expect(platform.body.message).toBe('You cannot grant this role');
    await invite({ role: 'support-agent', brands: ['nordlys'] }).expect(403);
    await invite({ role: 'support-agent', brands: [SKY] }).expect(201);
    await invite({ role: 'support-agent' }).expect(400);
    const unknown = await as(root, 'default')
      .post('/api/admin/staff/invitations', {
        email: 'x@example.com',
        role: 'support-agent',
        brands: ['nowhere.example'],
        reason: 'desk hire',
      })
      .expect(400);
    expect(unknown.body.message).toBe('Unknown or disabled brand: nowhere.example');
  });

  it('changes roles and revokes with a reason, ending the sessions of the revoked at once', async () => {
    const staffId = await inviteAndAccept(skyboss, 'bob@example.com', 'bobby');
    const bo = await signIn('bobby');
    await as(bo).get('/api/admin/support-requests').expect(200);
    await as(bo).get('/api/admin/staff').expect(403);

    const changed = await as(skyboss)
      .post(`/api/admin/staff/${staffId}/role`, { role: 'brand-admin', brands: [SKY], reason: 'leads the desk now' })
      .expect(200);
    expect(changed.body).toMatchObject({ role: 'brand-admin', status: 'active', username: 'bobby' });
    await as(bo).get('/api/admin/staff').expect(200);

    await as(skyboss).post(`/api/admin/staff/${staffId}/revoke`, { reason: 'no' }).expect(400);
    await as(skyboss).post(`/api/admin/staff/${staffId}/revoke`, { reason: 'left the company' }).expect(200);
    await as(bo).get('/api/auth/user').expect(401);
    await request(engine.app)
      .post('/api/auth/login')
      .set('X-Brand-Key', SKY)
      .send({ username: 'bobby', password: STAFF_PASSWORD })
      .expect(200)
      .then(async (response) => as(cookieOf(response)).get('/api/admin/support-requests').expect(403));

    const history = staffHistorySchema.parse(
      (await as(skyboss).get(`/api/admin/staff/${staffId}/history`).expect(200)).body,
    );
    expect(history.changes.map(({ type, by, reason, role }) => ({ type, by, reason, role }))).toEqual([
      { type: 'invited', by: 'skyboss', reason: 'joins the Sky desk', role: 'support-agent' },
      { type: 'accepted', by: 'bobby', reason: 'Accepted the invitation', role: 'support-agent' },
      { type: 'role-changed', by: 'skyboss', reason: 'leads the desk now', role: 'brand-admin' },
      { type: 'revoked', by: 'skyboss', reason: 'left the company', role: 'brand-admin' },
    ]);
  });

  it('never lets anyone change their own access, nor a brand admin touch a platform admin', async () => {
    const list = staffListSchema.parse((await as(root, 'default').get('/api/admin/staff').expect(200)).body);
    const skybossId = list.staff.find((member) => member.username === 'skyboss')!.id;
    await as(skyboss).post(`/api/admin/staff/${skybossId}/revoke`, { reason: 'just to see' }).expect(403);
    const own = staffListSchema.parse((await as(skyboss).get('/api/admin/staff').expect(200)).body);
    expect(own.staff.every((member) => member.brands.includes(SKY))).toBe(true);
    await as(skyboss).post('/api/admin/staff/no-such-member/revoke', { reason: 'typo here' }).expect(404);
  });

  it("keeps a brand's markup and commercial terms to platform admins, the look to its brand admins", async () => {
    const refused = await as(skyboss).patch(`/api/admin/brands/${SKY}`, { pricing: DEFAULT_PRICING }).expect(403);
    expect(refused.body.code).toBe('COMMERCIAL_TERMS');
    await as(skyboss).patch(`/api/admin/brands/${SKY}`, { markupKeptOnRefund: false }).expect(403);
    const look = await as(skyboss).patch(`/api/admin/brands/${SKY}`, { name: 'SkyFares Travel' }).expect(200);
    expect(look.body.pricing).toEqual(skyfares.pricing);
    await as(skyboss)
      .put(`/api/admin/brands/${SKY}/pricing`, { pricing: DEFAULT_PRICING, reason: 'cheaper' })
      .expect(403);
    await as(root, 'default').patch(`/api/admin/brands/${SKY}`, { markupKeptOnRefund: false }).expect(200);
  });
  // Last: moving the clock on 72 hours also ends every session above (their idle timeout).
  it('refuses an invitation link once 72 hours have passed', async () => {
    await as(root, 'default')
      .post('/api/admin/staff/invitations', {
        email: 'late@example.com',
        role: 'auditor',
        brands: [SKY],
        reason: 'yearly audit',
      })
      .expect(201);
    const token = await invitationTokenFor(engine.deps, 'late@example.com');
    clock.advance(INVITATION_TTL_MS);
    await request(engine.app).get(`/api/staff/invitations/${token}`).expect(404);
    const late = await request(engine.app)
      .post('/api/staff/invitations/accept')
      .send({ token, username: 'late', password: STAFF_PASSWORD, firstName: 'Late', lastName: 'Comer' })
      .expect(410);
    expect(late.body.message).toBe('This invitation has expired: ask for a new one');
    await request(engine.app)
      .post('/api/auth/login')
      .set('X-Brand-Key', SKY)
      .send({ username: 'late', password: STAFF_PASSWORD })
      .expect(401);
  });
});
