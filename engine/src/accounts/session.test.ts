import type { Express } from 'express';
import request, { type Response } from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_MODE_SIGN_IN_WINDOW_MS } from '../admin/routes.js';
import { adminTestApp, PROVIDERS_CONFIGURED, TEST_PASSWORD } from '../admin/test-support/admin-app.js';
import { ManualClock } from '../clock.js';
import type { Config } from '../config.js';
import type { SqlClient } from '../storage/sql.js';
import { ensureBrand } from '../test-support/brands.js';
import { sqlBackends } from '../test-support/sql.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const policy = { idleTimeoutMs: 2 * HOUR, absoluteTimeoutMs: 12 * HOUR };

const setCookies = (response: Response) => (response.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
const cookieHeader = (response: Response) =>
  setCookies(response)
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

describe('the session cookie and its timeouts', () => {
  let sql: SqlClient;
  let clock: ManualClock;

  beforeEach(async () => {
    sql = await sqlBackends()[0]!.open();
  });
  afterEach(async () => {
    await sql.close();
  });

  async function appWith(config: Partial<Config> = {}) {
    clock = new ManualClock();
    return adminTestApp(sql, { clock, config: { session: policy, ...PROVIDERS_CONFIGURED, ...config } });
  }

  async function signIn(app: Express, username: string, headers: Record<string, string> = {}) {
    return request(app).post('/api/auth/login').set(headers).send({ username, password: TEST_PASSWORD }).expect(200);
  }

  it('is __Host-, Secure, HttpOnly, SameSite=Lax, Path=/ without Domain in production, even on plain http', async () => {
    const { app } = await appWith({ env: 'production' });
    const all = setCookies(await signIn(app, 'traveller'));
    const cookies = all.filter((cookie) => cookie.includes('contrail.session'));
    expect(cookies).toHaveLength(2);
    // The known-device cookie (accounts/known-devices.ts): __Host-, Secure, HttpOnly, SameSite=Strict.
    const device = all.find((cookie) => cookie.includes('contrail.device'));
    expect(device).toMatch(
      /^__Host-contrail\.device=[^;]+; Max-Age=31536000; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Strict$/,
    );
    for (const cookie of cookies) {
      expect(cookie).toMatch(/^__Host-contrail\.session(\.sig)?=/);
      expect(cookie).toMatch(/; path=\/;/i);
      expect(cookie).toMatch(/; secure/i);
      expect(cookie).toMatch(/; httponly/i);
      expect(cookie).toMatch(/; samesite=lax/i);
      expect(cookie).not.toMatch(/domain=/i);
      // The cookie lasts as long as the session may: the idle deadline here (the browser's clock).
      const expires = Date.parse(/expires=([^;]+)/i.exec(cookie)![1]!);
      expect(Math.abs(expires - (Date.now() + policy.idleTimeoutMs))).toBeLessThan(MINUTE);
    }
  });

  it('is __Host- and Secure over https behind a trusted proxy, plain only for plain-http development', async () => {
    const proxied = await appWith({ trustProxy: true });
    const https = setCookies(await signIn(proxied.app, 'traveller', { 'X-Forwarded-Proto': 'https' }));
    expect(https.join('\n')).toMatch(/^__Host-contrail\.session=.*; secure; httponly/im);
    const development = setCookies(await signIn(proxied.app, 'traveller'));
    expect(development.find((cookie) => cookie.startsWith('contrail.session='))).toMatch(
      /^contrail\.session=.*; httponly/i,
    );
    expect(development.join('\n')).not.toMatch(/secure/i);
  });

  it('leaves the storefront a readable signed-in hint while the session lasts, and clears it after', async () => {
    const { app } = await appWith({ env: 'production' });
    const signedIn = await signIn(app, 'traveller');
    const hint = setCookies(signedIn).find((cookie) => cookie.includes('contrail.signed-in'));
    // No id and no personal data, so not HttpOnly: the storefront reads it to skip asking who is signed in.
    expect(hint).toBe('__Host-contrail.signed-in=1; Path=/; Max-Age=43200; SameSite=Lax; Secure');
    const cookies = `${cookieHeader(signedIn)}`;
    const asked = await request(app).get('/api/auth/user').set('Cookie', cookies).expect(200);
    expect(setCookies(asked).filter((cookie) => cookie.includes('signed-in'))).toEqual([]);

    const loggedOut = await request(app).post('/api/auth/logout').set('Cookie', cookies).expect(200);
    expect(setCookies(loggedOut).find((cookie) => cookie.includes('signed-in'))).toMatch(
      /^__Host-contrail\.signed-in=; Path=\/; Max-Age=0;/,
    );
    const stale = await request(app).get('/api/auth/user').set('Cookie', '__Host-contrail.signed-in=1').expect(401);
    expect(setCookies(stale).find((cookie) => cookie.includes('signed-in'))).toMatch(/Max-Age=0/);
  });

  it('keeps the hint on a request of another brand: the session of a ?brand= tab is still there', async () => {
    const { app } = await appWith({ env: 'production' });
    await ensureBrand(sql, 'skyfares.com');
    const signedIn = await signIn(app, 'skyadmin', { 'X-Brand-Key': 'skyfares.com' });
    const cookies = `${cookieHeader(signedIn)}`;
    expect(cookies).toContain('__Host-contrail.signed-in=1');
    // No brand header: the default brand, where this session does not sign anyone in.
    const elsewhere = await request(app).get('/api/auth/user').set('Cookie', cookies).expect(401);
    expect(setCookies(elsewhere).filter((cookie) => cookie.includes('signed-in'))).toEqual([]);
    const back = await request(app).get('/api/auth/user').set('Cookie', cookies).set('X-Brand-Key', 'skyfares.com');
    expect(back.status).toBe(200);
    expect(back.body.username).toBe('skyadmin');
  });

  it('slides with activity, and ends after the inactivity timeout', async () => {
    const { app } = await appWith();
    let cookie = cookieHeader(await signIn(app, 'traveller'));
    for (let step = 0; step < 3; step += 1) {
      clock.advance(policy.idleTimeoutMs - MINUTE);
      const active = await request(app).get('/api/auth/user').set('Cookie', cookie).expect(200);
      // Activity renews the cookie with a later idle deadline.
      cookie = cookieHeader(active) || cookie;
    }
    clock.advance(policy.idleTimeoutMs + MINUTE);
    await request(app).get('/api/auth/user').set('Cookie', cookie).expect(401);
  });

  it('ends at the absolute timeout however active, and POST /api/admin/login never extends it', async () => {
    const { app } = await appWith();
    let cookie = cookieHeader(await signIn(app, 'root'));
    const signedInAt = clock.now().getTime();
    while (clock.now().getTime() < signedInAt + policy.absoluteTimeoutMs - HOUR) {
      clock.advance(HOUR);
      const refreshed = await request(app).post('/api/admin/login').set('Cookie', cookie).expect(200);
      expect(cookieHeader(refreshed)).not.toBe('');
      const old = cookie;
      cookie = cookieHeader(refreshed);
      // The refreshed cookie replaces the old one, which stops working.
      await request(app).get('/api/auth/user').set('Cookie', old).expect(401);
      await request(app).get('/api/auth/user').set('Cookie', cookie).expect(200);
    }
    clock.advance(HOUR);
    await request(app).get('/api/auth/user').set('Cookie', cookie).expect(401);
    await request(app).post('/api/admin/login').set('Cookie', cookie).expect(401);
  });

  it('switches to live mode only within 15 minutes of signing in with the password', async () => {
    const { app } = await appWith();
    let cookie = cookieHeader(await signIn(app, 'root'));
    clock.advance(LIVE_MODE_SIGN_IN_WINDOW_MS + MINUTE);
    // Refreshing the admin session is not signing in again.
    cookie = cookieHeader(await request(app).post('/api/admin/login').set('Cookie', cookie).expect(200));
    const stale = await request(app).post('/api/admin/settings').set('Cookie', cookie).send({ enableLiveMode: true });
    expect(stale.status).toBe(403);
    expect(stale.body).toMatchObject({
      code: 'RECENT_SIGN_IN_REQUIRED',
      message: expect.stringMatching(/sign in again/),
    });
    // Back to test mode needs no fresh sign-in: it is the safe direction.
    await request(app).post('/api/admin/settings').set('Cookie', cookie).send({ enableLiveMode: false }).expect(200);

    const fresh = cookieHeader(await signIn(app, 'root'));
    const live = await request(app).post('/api/admin/settings').set('Cookie', fresh).send({ enableLiveMode: true });
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    expect(live.body).toMatchObject({ enableLiveMode: true });
  });
});
