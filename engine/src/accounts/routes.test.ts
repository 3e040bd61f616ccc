import { accountMessages as m, DEFAULT_BRAND } from '@contrail/shared';
import { authAnswerSchema, currentUserSchema, signedInAnswerSchema } from '@contrail/shared/accounts/schemas';
import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import request, { type Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { ManualClock } from '../clock.js';
import type { SqlClient } from '../storage/sql.js';
import { BrandStore } from '../brands/brand-store.js';
import { answerOf } from '../test-support/answer.js';
import { testDeps } from '../test-support/app.js';
import { sqlBackends } from '../test-support/sql.js';
import { authMessages } from './routes.js';
import { ACCOUNT_FAILURES_PER_HOUR, rateLimitMessages } from './rate-limits.js';
import { DEFAULT_SESSION_POLICY } from './session.js';

/** The request's cookies as a Cookie header value. */
function cookiesOf(response: Response): string {
  const setCookie = response.headers['set-cookie'] as unknown as string[] | undefined;
  return (setCookie ?? []).map((cookie) => cookie.split(';')[0]).join('; ');
}

/** The known-device cookie a sign-in set, as a Cookie header value. */
const deviceCookieOf = (response: Response): string =>
  cookiesOf(response)
    .split('; ')
    .filter((cookie) => cookie.startsWith('contrail.device='))
    .join('; ');

let serial = 0;
const unique = (prefix: string) => `${prefix}${++serial}${Date.now().toString(36)}`;

function registration(overrides: Record<string, unknown> = {}) {
  const username = unique('user');
  return {
    username,
    email: `${username}@example.com`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    password: 'secret-pw',
    ...overrides,
  };
}

describe.each(sqlBackends())('auth API on $name', (backend) => {
  let sql: SqlClient;
  let clock: ManualClock;
  let app: Express;

  beforeAll(async () => {
    sql = await backend.open();
    const brands = new BrandStore(sql);
    const admin = { id: 'admin', username: 'admin' };
    await brands.create({ ...DEFAULT_BRAND, key: 'skyfares.com', domain: '' }, admin, new Date());
    await brands.create({ ...DEFAULT_BRAND, key: 'cheapjets.com', domain: '' }, admin, new Date());
    await brands.setDisabled(
      await brands.create({ ...DEFAULT_BRAND, key: 'closed.example', domain: '' }, admin, new Date()),
      true,
      admin,
      new Date(),
    );
  });
  afterAll(async () => {
    await sql.close();
  });

  /** A fresh app (fresh in-memory rate limits) over the same database. */
  function newApp(config = {}): Express {
    clock = new ManualClock();
    app = createApp(testDeps(sql, { clock, config }));
    return app;
  }

  async function registered(brand = 'default', overrides: Record<string, unknown> = {}) {
    const body = registration(overrides);
    await request(app).post('/api/auth/register').set('X-Brand-Key', brand).send(body).expect(201);
    return body;
  }

  async function signedIn(brand = 'default') {
    const user = await registered(brand);
    const response = await request(app)
      .post('/api/auth/login')
      .set('X-Brand-Key', brand)
      .send({ username: user.username, password: user.password })
      .expect(200);
    return { user, cookie: cookiesOf(response), response };
  }

  describe('registration', () => {
    beforeAll(() => {
      newApp();
    });

    it('creates the account and answers the user, without signing in', async () => {
      const body = registration({ username: ' Grace ', email: 'Grace@Example.com' });
      const response = await request(app).post('/api/auth/register').send(body).expect(201);
      expect(answerOf(signedInAnswerSchema, response)).toMatchObject({
        success: true,
        message: 'Registration successful',
        user: { username: 'Grace', email: 'Grace@Example.com', firstName: 'Ada', lastName: 'Lovelace', isAdmin: false },
      });
      expect(response.body.user).not.toHaveProperty('passwordHash');
      expect(new Date(response.body.user.createdAt).toISOString()).toBe(clock.now().toISOString());
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it.each([
      ['username', { username: 'ab' }, 'Username must be at least 3 characters'],
      ['email', { email: 'nope' }, 'Please enter a valid email address'],
      ['firstName', { firstName: '' }, 'First name is required'],
      ['lastName', { lastName: ' ' }, 'Last name is required'],
      ['password', { password: '1234567' }, 'Password must be at least 8 characters'],
    ])('refuses a bad %s with the seed message', async (field, overrides, message) => {
      const response = await request(app).post('/api/auth/register').send(registration(overrides)).expect(400);
      expect(response.body.message).toBe(`Invalid request: ${field}: ${message}`);
      expect(response.body.errors).toEqual([{ path: field, message }]);
    });

    it('keeps usernames and emails unique per brand, ignoring case', async () => {
      const first = await registered();
      const sameName = await request(app)
        .post('/api/auth/register')
        .send(registration({ username: first.username.toUpperCase() }))
        .expect(409);
      expect(sameName.body).toMatchObject({
        message: authMessages.usernameTaken,
        errors: [{ path: 'username', message: 'Username already exists' }],
      });
      // A known email is answered like a new registration: the answer never tells an email has an account.
      const sameEmail = await request(app)
        .post('/api/auth/register')
        .send(registration({ email: first.email.toUpperCase() }))
        .expect(201);
      const fresh = await request(app).post('/api/auth/register').send(registration()).expect(201);
      expect(Object.keys(sameEmail.body).sort()).toEqual(Object.keys(fresh.body).sort());
      expect(Object.keys(sameEmail.body.user).sort()).toEqual(Object.keys(fresh.body.user).sort());
      expect(sameEmail.body).toMatchObject({ success: true, message: 'Registration successful' });
      const { rows } = await sql.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [first.email]);
      expect(rows).toHaveLength(1);
      // Only the owner learns of it, by email.
      const notices = await sql.query<{ to_address: string; subject: string; text_body: string; booking_id: null }>(
        "SELECT to_address, subject, text_body, booking_id FROM email_outbox WHERE kind = 'registration-attempt'",
      );
      expect(notices.rows).toEqual([
        {
          to_address: first.email,
          subject: 'Someone tried to register with your email address',
          text_body: expect.stringContaining(`sign in with your username, ${first.username}, instead.`),
          booking_id: null,
        },
      ]);
      expect(notices.rows[0]!.text_body).toContain('no new account was made and nothing about yours changed');

      await request(app).post('/api/auth/register').set('X-Brand-Key', 'skyfares.com').send(first).expect(201);
    });

    it('refuses the 10,000 most common passwords, at registration and on change', async () => {
      for (const password of ['password', 'Password1', '12345678', 'iloveyou', 'sunshine']) {
        const response = await request(app).post('/api/auth/register').send(registration({ password })).expect(400);
        expect(response.body.errors).toEqual([{ path: 'password', message: m.passwordTooCommon }]);
      }
    });

    it('gives equal passwords different hashes, and stores no password', async () => {
      const a = await registered('default', { password: 'same-password' });
      const b = await registered('default', { password: 'same-password' });
      const { rows } = await sql.query<{ password_hash: string }>(
        'SELECT password_hash FROM users WHERE username IN ($1, $2)',
        [a.username, b.username],
      );
      expect(rows).toHaveLength(2);
      expect(rows[0]!.password_hash).not.toBe(rows[1]!.password_hash);
      for (const row of rows) expect(row.password_hash).toMatch(/^\$scrypt\$/);
    });

    it('refuses to register on a brand that does not exist or is disabled, and stores nothing', async () => {
      for (const brand of ['nosuchbrand.example', 'closed.example']) {
        const body = registration();
        const response = await request(app).post('/api/auth/register').set('X-Brand-Key', brand).send(body);
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ code: 'UNKNOWN_BRAND', message: expect.stringContaining(brand) });
        const { rows } = await sql.query('SELECT 1 FROM users WHERE username = $1', [body.username]);
        expect(rows).toEqual([]);
      }
    });

    it('refuses a malformed brand key', async () => {
      const response = await request(app).post('/api/auth/register').set('X-Brand-Key', '../etc').send(registration());
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('X-Brand-Key: not a valid brand key');
    });
  });

  describe('sign-in and the session', () => {
    beforeAll(() => {
      newApp();
    });

    it('answers 401 "Not authenticated" when signed out', async () => {
      const response = await request(app).get('/api/auth/user').expect(401);
      expect(response.body).toEqual({ message: 'Not authenticated' });
    });

    it('signs in with a signed, httpOnly, SameSite=Lax cookie and answers the user', async () => {
      const { user, cookie, response } = await signedIn();
      expect(answerOf(signedInAnswerSchema, response)).toMatchObject({ success: true, message: 'Login successful' });
      const setCookie = (response.headers['set-cookie'] as unknown as string[]).join('\n');
      expect(setCookie).toMatch(/contrail\.session=[^;]+;.*httponly/i);
      expect(setCookie).toMatch(/contrail\.session\.sig=/);
      expect(setCookie).toMatch(/samesite=lax/i);
      expect(setCookie).not.toMatch(/secure/i);

      const current = await request(app).get('/api/auth/user').set('Cookie', cookie).expect(200);
      // Parsed by its contract, and nothing more than it: no other field of the account leaks.
      expect(current.body).toEqual(answerOf(currentUserSchema, current));
      expect(current.body).toEqual({
        id: expect.any(String),
        username: user.username,
        email: user.email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        isAdmin: false,
        createdAt: clock.now().toISOString(),
      });
    });

    it('signs in whatever the case of the username', async () => {
      const user = await registered();
      await request(app)
        .post('/api/auth/login')
        .send({ username: user.username.toUpperCase(), password: user.password })
        .expect(200);
    });

    it('marks the cookie Secure behind an HTTPS proxy', async () => {
      const proxied = createApp(testDeps(sql, { config: { trustProxy: true } }));
      const user = await registered();
      const response = await request(proxied)
        .post('/api/auth/login')
        .set('X-Forwarded-Proto', 'https')
        .send({ username: user.username, password: user.password })
        .expect(200);
      expect((response.headers['set-cookie'] as unknown as string[]).join('\n')).toMatch(/;\s*secure/i);
    });

    it('refuses wrong passwords and unknown users alike', async () => {
      const user = await registered();
      const wrong = await request(app).post('/api/auth/login').send({ username: user.username, password: 'nope' });
      const unknown = await request(app)
        .post('/api/auth/login')
        .send({ username: unique('ghost'), password: 'nope' });
      for (const response of [wrong, unknown]) {
        expect(response.status).toBe(401);
        expect(response.body.message).toBe('Invalid username or password');
        expect(response.headers['set-cookie']).toBeUndefined();
      }
    });

    it('wants a username and a password', async () => {
      const response = await request(app).post('/api/auth/login').send({ username: '', password: '' }).expect(400);
      expect(response.body.errors).toEqual([
        { path: 'username', message: m.usernameRequired },
        { path: 'password', message: m.passwordRequired },
      ]);
    });

    it('starts a fresh session on every sign-in, whatever cookie came in', async () => {
      const user = await registered();
      const credentials = { username: user.username, password: user.password };
      const first = await request(app).post('/api/auth/login').send(credentials).expect(200);
      const second = await request(app)
        .post('/api/auth/login')
        .set('Cookie', cookiesOf(first))
        .send(credentials)
        .expect(200);
      expect(cookiesOf(second)).not.toBe(cookiesOf(first));
      expect(cookiesOf(second)).toMatch(/contrail\.session=/);
    });

    it('signs out, and a copy of the cookie taken before no longer works', async () => {
      const { cookie } = await signedIn();
      const response = await request(app).post('/api/auth/logout').set('Cookie', cookie).send().expect(200);
      expect(answerOf(authAnswerSchema, response)).toEqual({ success: true, message: 'Logged out' });
      await request(app).get('/api/auth/user').set('Cookie', cookiesOf(response)).expect(401);
      await request(app).get('/api/auth/user').set('Cookie', cookie).expect(401);
    });

    it('ends only the session that logged out', async () => {
      const { user, cookie } = await signedIn();
      const other = await request(app)
        .post('/api/auth/login')
        .send({ username: user.username, password: user.password })
        .expect(200);
      await request(app).post('/api/auth/logout').set('Cookie', cookie).send().expect(200);
      await request(app).get('/api/auth/user').set('Cookie', cookiesOf(other)).expect(200);
    });

    it('answers logout without a session too', async () => {
      await request(app).post('/api/auth/logout').send().expect(200);
    });

    it('refuses a tampered cookie, one signed with another secret, and an expired one', async () => {
      const { cookie } = await signedIn();
      const value = /contrail\.session=([^;]+)/.exec(cookie)![1]!;
      const data = JSON.parse(Buffer.from(value, 'base64').toString()) as Record<string, unknown>;
      const forged = Buffer.from(JSON.stringify({ ...data, exp: Date.now() * 2 })).toString('base64');
      await request(app).get('/api/auth/user').set('Cookie', cookie.replace(value, forged)).expect(401);

      const otherSecret = createApp(
        testDeps(sql, { clock, config: { sessionSecret: 'another-secret-of-at-least-32-characters' } }),
      );
      await request(otherSecret).get('/api/auth/user').set('Cookie', cookie).expect(401);

      await request(app).get('/api/auth/user').set('Cookie', cookie).expect(200);
      clock.advance(DEFAULT_SESSION_POLICY.absoluteTimeoutMs);
      await request(app).get('/api/auth/user').set('Cookie', cookie).expect(401);
    });

    it('keeps a session to the brand it was made on', async () => {
      const { user, cookie } = await signedIn('skyfares.com');
      await request(app).get('/api/auth/user').set('X-Brand-Key', 'skyfares.com').set('Cookie', cookie).expect(200);
      await request(app).get('/api/auth/user').set('X-Brand-Key', 'SkyFares.com').set('Cookie', cookie).expect(200);
      await request(app).get('/api/auth/user').set('X-Brand-Key', 'cheapjets.com').set('Cookie', cookie).expect(401);
      await request(app).get('/api/auth/user').set('Cookie', cookie).expect(401);
      // The account itself is on its brand only.
      await request(app)
        .post('/api/auth/login')
        .set('X-Brand-Key', 'cheapjets.com')
        .send({ username: user.username, password: user.password })
        .expect(401);
    });
  });

  describe('cross-site requests', () => {
    beforeAll(() => {
      newApp({ publicUrl: 'https://book.contrail.example' });
    });

    it('refuses a mutating request from another origin', async () => {
      const user = await registered();
      const credentials = { username: user.username, password: user.password };
      for (const origin of ['https://evil.example', 'null']) {
        const response = await request(app).post('/api/auth/login').set('Origin', origin).send(credentials);
        expect(response.status).toBe(403);
        expect(response.body).toMatchObject({ message: 'Cross-site request refused' });
      }
      const fetchMetadata = await request(app)
        .post('/api/auth/login')
        .set('Sec-Fetch-Site', 'cross-site')
        .send(credentials);
      expect(fetchMetadata.status).toBe(403);
    });

    it('lets same-origin pages, the public URL and non-browser clients through', async () => {
      const user = await registered();
      const credentials = { username: user.username, password: user.password };
      const host = 'shop.example:8443';
      await request(app)
        .post('/api/auth/login')
        .set('Host', host)
        .set('Origin', `https://${host}`)
        .set('Sec-Fetch-Site', 'same-origin')
        .send(credentials)
        .expect(200);
      await request(app)
        .post('/api/auth/login')
        .set('Origin', 'https://book.contrail.example')
        .send(credentials)
        .expect(200);
      await request(app).post('/api/auth/login').send(credentials).expect(200);
    });

    it('leaves reads alone', async () => {
      await request(app).get('/api/auth/user').set('Origin', 'https://evil.example').expect(401);
    });
  });

  describe('changing the password', () => {
    beforeAll(() => {
      newApp();
    });
    const strong = 'Correct-Horse-9';

    it('needs a session', async () => {
      const response = await request(app)
        .post('/api/auth/change-password')
        .send({ currentPassword: 'x', newPassword: strong })
        .expect(401);
      expect(response.body).toEqual({ message: 'Not authenticated' });
    });

    it.each([
      [{ currentPassword: '', newPassword: strong }, 'currentPassword', 'Current password is required'],
      [{ currentPassword: 'x', newPassword: 'Short-1' }, 'newPassword', 'New password must be at least 12 characters'],
      [
        { currentPassword: 'x', newPassword: 'alllowercase-123' },
        'newPassword',
        'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
      ],
    ])('refuses %o with the seed message', async (body, path, message) => {
      const { cookie } = await signedIn();
      const response = await request(app)
        .post('/api/auth/change-password')
        .set('Cookie', cookie)
        .send(body)
        .expect(400);
      expect(response.body.errors).toEqual([{ path, message }]);
    });

    it('refuses a wrong current password', async () => {
      const { cookie } = await signedIn();
      const response = await request(app)
        .post('/api/auth/change-password')
        .set('Cookie', cookie)
        .send({ currentPassword: 'wrong-one', newPassword: strong })
        .expect(400);
      expect(response.body).toEqual({
        message: 'Current password is incorrect',
        errors: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
      });
    });

    it('changes it, keeps this session and ends every other one', async () => {
      const { user, cookie } = await signedIn();
      const other = await request(app)
        .post('/api/auth/login')
        .send({ username: user.username, password: user.password })
        .expect(200);
      const response = await request(app)
        .post('/api/auth/change-password')
        .set('Cookie', cookie)
        .send({ currentPassword: user.password, newPassword: strong })
        .expect(200);
      expect(response.body).toEqual({ success: true, message: 'Your password has been updated' });

      await request(app).get('/api/auth/user').set('Cookie', cookiesOf(response)).expect(200);
      await request(app).get('/api/auth/user').set('Cookie', cookiesOf(other)).expect(401);
      await request(app).post('/api/auth/login').send({ username: user.username, password: user.password }).expect(401);
      await request(app).post('/api/auth/login').send({ username: user.username, password: strong }).expect(200);
    });

    it('forgets every known browser of the user when the password changes', async () => {
      const { user, cookie, response } = await signedIn();
      const userId = (response.body as { user: { id: string } }).user.id;
      const knownBrowsers = async () =>
        (await sql.query('SELECT 1 FROM known_devices WHERE user_id = $1', [userId])).rowCount;
      await request(app).post('/api/auth/login').send({ username: user.username, password: user.password }).expect(200);
      expect(await knownBrowsers()).toBe(2);
      await request(app)
        .post('/api/auth/change-password')
        .set('Cookie', cookie)
        .send({ currentPassword: user.password, newPassword: strong })
        .expect(200);
      expect(await knownBrowsers()).toBe(0);
    });
  });

  describe('rate limiting', () => {
    beforeAll(() => {
      newApp();
    });

    it('answers 429 after 10 failed sign-ins for a username, even with the right password', async () => {
      const user = await registered();
      for (let attempt = 0; attempt < 10; attempt++) {
        await request(app).post('/api/auth/login').send({ username: user.username, password: 'wrong' }).expect(401);
      }
      const limited = await request(app)
        .post('/api/auth/login')
        .send({ username: user.username.toUpperCase(), password: user.password });
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ message: rateLimitMessages.signIn, code: 'RATE_LIMITED' });
      expect(limited.headers['ratelimit-policy']).toBeDefined();
      // Another user from the same address is not locked out by it.
      const other = await registered();
      await request(app)
        .post('/api/auth/login')
        .send({ username: other.username, password: other.password })
        .expect(200);
    });

    it('caps failures per account at 100 an hour from everywhere, without locking out the owner', async () => {
      const proxied = createApp(testDeps(sql, { clock, config: { trustProxy: true } }));
      const user = await registered();
      const from = (address: string) => request(proxied).post('/api/auth/login').set('X-Forwarded-For', address);
      const owner = await from('203.0.113.7').send({ username: user.username, password: user.password }).expect(200);
      const deviceCookie = deviceCookieOf(owner);
      expect(deviceCookie).not.toBe('');
      // A hundred strangers, one failure each, from a hundred addresses.
      for (let stranger = 0; stranger < ACCOUNT_FAILURES_PER_HOUR; stranger++) {
        await from(`198.51.100.${stranger}`).send({ username: user.username, password: 'wrong-guess' }).expect(401);
      }
      const next = await from('192.0.2.1').send({ username: user.username, password: 'wrong-guess' });
      expect(next.status).toBe(429);
      // A new browser is held by the ceiling too, even with the right password...
      await from('192.0.2.2').send({ username: user.username, password: user.password }).expect(429);
      // ...but the owner's browser, known to the account, still signs in.
      await from('203.0.113.7')
        .set('Cookie', deviceCookie)
        .send({ username: user.username, password: user.password })
        .expect(200);
      // An hour later the ceiling is lifted for everyone.
      clock.advance(60 * 60_000);
    });

    it("exempts only a current token of the account: not a rotated, forged or forgotten one, nor a stranger's", async () => {
      const proxied = createApp(testDeps(sql, { clock, config: { trustProxy: true } }));
      const user = await registered();
      const stranger = await registered();
      const from = (address: string, cookie = '') =>
        request(proxied).post('/api/auth/login').set('X-Forwarded-For', address).set('Cookie', cookie);
      const signIn = (address: string, cookie = '') =>
        from(address, cookie).send({ username: user.username, password: user.password });
      const first = deviceCookieOf(await signIn('203.0.113.7').expect(200));
      const rotated = deviceCookieOf(await signIn('203.0.113.7', first).expect(200));
      const secondBrowser = deviceCookieOf(await signIn('203.0.113.8').expect(200));
      const strangers = deviceCookieOf(
        await from('203.0.113.9').send({ username: stranger.username, password: stranger.password }).expect(200),
      );
      // Random per browser, and new at every sign-in that uses it.
      expect(new Set([first, rotated, secondBrowser, strangers]).size).toBe(4);
      for (let guess = 0; guess < ACCOUNT_FAILURES_PER_HOUR; guess++) {
        await from(`198.51.100.${guess}`).send({ username: user.username, password: 'wrong-guess' }).expect(401);
      }
      const forged = `contrail.device=${randomBytes(32).toString('base64url')}`;
      for (const [address, cookie] of [
        ['192.0.2.1', first],
        ['192.0.2.2', forged],
        ['192.0.2.3', strangers],
      ] as const) {
        await signIn(address, cookie).expect(429);
      }
      const secondAgain = deviceCookieOf(await signIn('203.0.113.8', secondBrowser).expect(200));
      const owner = await signIn('203.0.113.7', rotated).expect(200);
      // The owner forgets every browser of the account: none is exempt any more, the owner's own included.
      await request(proxied)
        .delete('/api/auth/known-devices')
        .set('X-Forwarded-For', '203.0.113.7')
        .set('Cookie', cookiesOf(owner))
        .expect(200);
      await signIn('203.0.113.8', secondAgain).expect(429);
      await signIn('203.0.113.7', deviceCookieOf(owner)).expect(429);
    });

    it('does not count successful sign-ins', async () => {
      const user = await registered();
      for (let attempt = 0; attempt < 12; attempt++) {
        await request(app)
          .post('/api/auth/login')
          .send({ username: user.username, password: user.password })
          .expect(200);
      }
    });

    it('limits registrations per username and per address', async () => {
      const fresh = newApp();
      const wanted = registration();
      await request(fresh).post('/api/auth/register').send(wanted).expect(201);
      for (let attempt = 0; attempt < 4; attempt++) {
        await request(fresh).post('/api/auth/register').send(wanted).expect(409);
      }
      const limited = await request(fresh).post('/api/auth/register').send(wanted);
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe('Too many registration attempts. Please try again later.');

      // Six attempts so far (the refused one counts too) of the twenty an address may make.
      for (let attempt = 6; attempt < 20; attempt++) {
        await request(fresh).post('/api/auth/register').send(registration()).expect(201);
      }
      expect((await request(fresh).post('/api/auth/register').send(registration())).status).toBe(429);
    });

    it('limits failed sign-ins per address across usernames', async () => {
      const fresh = newApp();
      for (let attempt = 0; attempt < 30; attempt++) {
        await request(fresh)
          .post('/api/auth/login')
          .send({ username: unique('ghost'), password: 'x' })
          .expect(401);
      }
      const limited = await request(fresh)
        .post('/api/auth/login')
        .send({ username: unique('ghost'), password: 'x' });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
    });
  });
});
