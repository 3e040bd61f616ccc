import { modeHistorySchema, updatedSettingsSchema } from '@contrail/shared/admin/settings';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { createApp } from '../app.js';
import type { SqlClient } from '../storage/sql.js';
import { answerOf } from '../test-support/answer.js';
import { testDeps } from '../test-support/app.js';
import { sqlBackends } from '../test-support/sql.js';
import { adminTestApp, PROVIDERS_CONFIGURED, type AdminTestApp } from './test-support/admin-app.js';
import { MODE_TTL_MS, SystemModeStore } from '../system-mode/store.js';
import { SYSTEM_MODE_STREAM } from '../system-mode/decider.js';

const ADMIN_ROUTES = [
  ['get', '/api/admin/settings'],
  ['post', '/api/admin/settings'],
  ['get', '/api/admin/settings/history'],
  ['post', '/api/admin/login'],
  ['get', '/api/admin/brands'],
  ['post', '/api/admin/brands'],
  ['get', '/api/admin/brands/skyfares.com'],
  ['patch', '/api/admin/brands/skyfares.com'],
  ['get', '/api/admin/brands/skyfares.com/history'],
  ['post', '/api/admin/brands/skyfares.com/disable'],
  ['post', '/api/admin/brands/skyfares.com/enable'],
] as const;

describe.each(sqlBackends())('admin settings and the system mode ($name)', (backend) => {
  let sql: SqlClient;
  let configured: AdminTestApp;
  let unconfigured: AdminTestApp;
  let clock: ManualClock;

  beforeAll(async () => {
    sql = await backend.open();
    clock = new ManualClock('2026-11-22T12:00:00Z');
    configured = await adminTestApp(sql, { clock, config: PROVIDERS_CONFIGURED });
    // A second engine instance on the same database, without the providers configured.
    unconfigured = { ...configured, app: createApp(testDeps(sql, { clock })) };
  });
  afterAll(async () => {
    await sql.close();
  });

  it('answers 401 "Not authenticated" on every admin route when signed out', async () => {
    for (const [method, path] of ADMIN_ROUTES) {
      const response = await request(configured.app)[method](path).send({});
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body.message).toBe('Not authenticated');
    }
  });

  it('answers 403 on every admin route to a signed-in traveller', async () => {
    const cookie = await configured.cookie('traveller');
    for (const [method, path] of ADMIN_ROUTES) {
      const response = await request(configured.app)[method](path).set('Cookie', cookie).send({});
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.message).toBe('Admin access required');
    }
  });

  it('shows the settings to an admin', async () => {
    const response = await request(configured.app)
      .get('/api/admin/settings')
      .set('Cookie', await configured.cookie('brandadmin'))
      .expect(200);
    expect(response.body).toEqual({
      enableLiveMode: false,
      environment: 'test',
      duffelApiConfigured: true,
      stripeConfigured: true,
      sandboxes: { flights: 'none', payments: 'none' },
    });
    const bare = await request(unconfigured.app)
      .get('/api/admin/settings')
      .set('Cookie', await configured.cookie('brandadmin'))
      .expect(200);
    expect(bare.body).toMatchObject({
      duffelApiConfigured: false,
      stripeConfigured: false,
      sandboxes: { flights: 'in-engine', payments: 'in-engine' },
    });
  });

  it('validates the body, naming the field', async () => {
    const cookie = await configured.cookie('root');
    const response = await request(configured.app)
      .post('/api/admin/settings')
      .set('Cookie', cookie)
      .send({ enableLiveMode: 'yes' })
      .expect(400);
    expect(response.body.message).toBe('Invalid request: enableLiveMode: enableLiveMode must be true or false');
  });

  it('keeps the whole-system switch to platform admins', async () => {
    const response = await request(configured.app)
      .post('/api/admin/settings')
      .set('Cookie', await configured.cookie('brandadmin'))
      .send({ enableLiveMode: true })
      .expect(403);
    expect(response.body.message).toBe('Platform admin access required');
  });

  it('refuses live mode unless both providers are configured, and records nothing', async () => {
    const response = await request(unconfigured.app)
      .post('/api/admin/settings')
      .set('Cookie', await configured.cookie('root'))
      .send({ enableLiveMode: true })
      .expect(409);
    expect(response.body).toEqual({
      message:
        'Live mode needs both providers configured; not configured: the Duffel API (DUFFEL_ACCESS_TOKEN) and Stripe (STRIPE_SECRET_KEY)',
      code: 'LIVE_MODE_UNAVAILABLE',
    });
    expect(await configured.deps.eventStore.readStream(SYSTEM_MODE_STREAM)).toEqual([]);
  });

  it('switches modes, appending who and when to the system-mode stream in order', async () => {
    const cookie = await configured.cookie('root');
    const live = await request(configured.app)
      .post('/api/admin/settings')
      .set('Cookie', cookie)
      .send({ enableLiveMode: true })
      .expect(200);
    expect(answerOf(updatedSettingsSchema, live)).toMatchObject({
      success: true,
      message: 'Live mode enabled',
      enableLiveMode: true,
    });

    const again = await request(configured.app)
      .post('/api/admin/settings')
      .set('Cookie', cookie)
      .send({ enableLiveMode: true })
      .expect(200);
    expect(again.body.message).toBe('Already in live mode');

    clock.advance(60_000);
    const test = await request(configured.app)
      .post('/api/admin/settings')
      .set('Cookie', cookie)
      .send({ enableLiveMode: false })
      .expect(200);
    expect(test.body).toMatchObject({ message: 'Test mode enabled', enableLiveMode: false });

    const events = await configured.deps.eventStore.readStream(SYSTEM_MODE_STREAM);
    expect(events.map((event) => [event.type, event.revision, event.metadata.timestamp])).toEqual([
      ['LiveModeEnabled', 0n, '2026-11-22T12:00:00.000Z'],
      ['TestModeEnabled', 1n, '2026-11-22T12:01:00.000Z'],
    ]);
    expect(events[0]!.data).toEqual({ userId: events[0]!.metadata.actor, username: 'root' });

    const history = await request(configured.app)
      .get('/api/admin/settings/history')
      .set('Cookie', await configured.cookie('brandadmin'))
      .expect(200);
    expect(answerOf(modeHistorySchema, history).changes).toEqual([
      { mode: 'live', by: 'root', at: '2026-11-22T12:00:00.000Z' },
      { mode: 'test', by: 'root', at: '2026-11-22T12:01:00.000Z' },
    ]);
  });

  it('lets every instance see a switch within the TTL', async () => {
    const other = new SystemModeStore(configured.deps.eventStore, clock);
    expect(await other.current()).toBe('test');
    await request(configured.app)
      .post('/api/admin/settings')
      .set('Cookie', await configured.cookie('root'))
      .send({ enableLiveMode: true })
      .expect(200);
    expect(await other.current()).toBe('test');
    clock.advance(MODE_TTL_MS);
    expect(await other.current()).toBe('live');
    const publicMode = await request(unconfigured.app).get('/api/system/mode').expect(200);
    expect(publicMode.body).toEqual({ isLiveMode: true, mode: 'live' });
    const settings = await request(unconfigured.app)
      .get('/api/admin/settings')
      .set('Cookie', await configured.cookie('root'))
      .expect(200);
    expect(settings.body.enableLiveMode).toBe(true);
    // Back to test mode may be switched from anywhere, providers or not.
    await request(unconfigured.app)
      .post('/api/admin/settings')
      .set('Cookie', await configured.cookie('root'))
      .send({ enableLiveMode: false })
      .expect(200);
  });

  it('lets one of two racing switches win, the other retrying on fresh state', async () => {
    const a = new SystemModeStore(configured.deps.eventStore, clock);
    const b = new SystemModeStore(configured.deps.eventStore, clock);
    const who = { userId: 'u', username: 'racer' };
    const context = { correlationId: 'c', brand: 'default' };
    const providers = { duffel: true, stripe: true };
    await Promise.all([a.current(), b.current()]);
    const before = (await configured.deps.eventStore.readStream(SYSTEM_MODE_STREAM)).length;
    const results = await Promise.all([
      a.switchTo('live', providers, who, context),
      b.switchTo('live', providers, who, context),
    ]);
    expect(results.map((result) => result.changed).sort()).toEqual([false, true]);
    const after = await configured.deps.eventStore.readStream(SYSTEM_MODE_STREAM);
    expect(after.length).toBe(before + 1);
  });

  it('re-authenticates an admin session with a fresh cookie', async () => {
    const cookie = await configured.cookie('brandadmin');
    const response = await request(configured.app).post('/api/admin/login').set('Cookie', cookie).expect(200);
    expect(response.body).toEqual({ success: true, message: 'Admin session refreshed' });
    const fresh = (response.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    expect(fresh).toContain('contrail.session=');
    expect(fresh).not.toBe(cookie);
    await request(configured.app).get('/api/admin/settings').set('Cookie', fresh).expect(200);
  });
});
