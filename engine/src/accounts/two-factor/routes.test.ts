import { signedInAnswerSchema } from '@contrail/shared/accounts/schemas';
import {
  enrolledAtSignInSchema,
  enrolmentSchema,
  recoveryCodesAnswerSchema,
  secondStepNeededSchema,
  twoFactorErrorCodes,
  twoFactorStatusSchema,
  type TwoFactorRequirement,
} from '@contrail/shared/accounts/two-factor';
import type { Express } from 'express';
import request, { type Agent } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { ManualClock } from '../../clock.js';
import type { SqlClient } from '../../storage/sql.js';
import { answerOf } from '../../test-support/answer.js';
import { testDeps } from '../../test-support/app.js';
import { sqlBackends } from '../../test-support/sql.js';
import { totpCodeAt } from './totp.js';

const PASSWORD = 'a-Password-1!';
const STEP_MS = 30_000;

let serial = 0;
const unique = (prefix: string) => `${prefix}${++serial}${Date.now().toString(36)}`;

describe.each(sqlBackends())('two-factor authentication API on $name', (backend) => {
  let sql: SqlClient;
  let clock: ManualClock;
  let app: Express;

  beforeAll(async () => {
    sql = await backend.open();
  });
  afterAll(async () => {
    await sql.close();
  });

  /** A fresh app (fresh rate limits) requiring two-factor authentication as `requirement` says. */
  function newApp(requirement: TwoFactorRequirement = 'staff'): Express {
    clock = new ManualClock();
    app = createApp(testDeps(sql, { clock, config: { twoFactorRequired: requirement } }));
    return app;
  }

  async function account(role: 'traveller' | 'admin' | 'platform', target = app) {
    const username = unique(role);
    const deps = testDeps(sql);
    await deps.accounts.register(
      'default',
      { username, password: PASSWORD, email: `${username}@example.com`, firstName: 'Ada', lastName: 'Test' },
      { isAdmin: role !== 'traveller', isPlatformAdmin: role === 'platform' },
    );
    return { username, agent: request.agent(target) };
  }

  const post = (agent: Agent, path: string, body: object = {}) =>
    agent.post(path).set('X-Brand-Key', 'default').send(body);
  const get = (agent: Agent, path: string) => agent.get(path).set('X-Brand-Key', 'default');
  const password = (agent: Agent, username: string) => post(agent, '/api/auth/login', { username, password: PASSWORD });

  /** Signs a staff member in for the first time: password, enrolment, first code. */
  async function enrolledAtSignIn(role: 'admin' | 'platform' = 'admin') {
    const { username, agent } = await account(role);
    expect(answerOf(secondStepNeededSchema, await password(agent, username)).twoFactor).toBe('enrol');
    const { secret } = answerOf(enrolmentSchema, await post(agent, '/api/auth/login/two-factor/enrol'));
    const code = totpCodeAt(secret, clock.now());
    const done = answerOf(enrolledAtSignInSchema, await post(agent, '/api/auth/login/two-factor/confirm', { code }));
    return { username, agent, secret, recoveryCodes: done.recoveryCodes };
  }

  describe('staff', () => {
    beforeAll(() => {
      newApp('staff');
    });

    it('is not signed in after the password alone, and is sent to enrol', async () => {
      const { username, agent } = await account('admin');
      const answer = answerOf(secondStepNeededSchema, await password(agent, username));
      expect(answer).toMatchObject({ success: true, twoFactor: 'enrol' });
      expect((await get(agent, '/api/auth/user')).status).toBe(401);
      expect((await get(agent, '/api/admin/settings')).status).toBe(401);
      expect((await post(agent, '/api/auth/login/two-factor', { code: '123456' })).status).toBe(401);
    });

    it('enrols with a QR code made here, then is signed in and shown 10 recovery codes', async () => {
      const { username, agent } = await account('platform');
      await password(agent, username);
      const enrolment = answerOf(enrolmentSchema, await post(agent, '/api/auth/login/two-factor/enrol'));
      expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(enrolment.otpauthUrl).toContain(`secret=${enrolment.secret}`);
      expect(enrolment.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      const wrong = await post(agent, '/api/auth/login/two-factor/confirm', { code: '000000' });
      expect([wrong.status, wrong.body.code]).toEqual([401, twoFactorErrorCodes.invalidCode]);
      const code = totpCodeAt(enrolment.secret, clock.now());
      const done = answerOf(enrolledAtSignInSchema, await post(agent, '/api/auth/login/two-factor/confirm', { code }));
      expect(done.user.username).toBe(username);
      expect(new Set(done.recoveryCodes).size).toBe(10);
      expect((await get(agent, '/api/auth/user')).status).toBe(200);
      expect((await get(agent, '/api/admin/settings')).status).toBe(200);
      const status = answerOf(twoFactorStatusSchema, await get(agent, '/api/auth/two-factor'));
      expect(status).toEqual({
        enabled: true,
        enabledAt: clock.now().toISOString(),
        recoveryCodesLeft: 10,
        required: true,
      });
    });

    it('signs in with a code, and never twice with the same one', async () => {
      const { username, agent, secret } = await enrolledAtSignIn();
      await post(agent, '/api/auth/logout').expect(200);
      expect(answerOf(secondStepNeededSchema, await password(agent, username)).twoFactor).toBe('code');
      // The code used to confirm the enrolment is spent, even within its window.
      const replay = await post(agent, '/api/auth/login/two-factor', { code: totpCodeAt(secret, clock.now()) });
      expect([replay.status, replay.body.code]).toEqual([401, twoFactorErrorCodes.invalidCode]);
      clock.advance(STEP_MS);
      const code = totpCodeAt(secret, clock.now());
      answerOf(signedInAnswerSchema, await post(agent, '/api/auth/login/two-factor', { code }));
      expect((await get(agent, '/api/auth/user')).status).toBe(200);
      await post(agent, '/api/auth/logout').expect(200);
      await password(agent, username);
      expect((await post(agent, '/api/auth/login/two-factor', { code })).status).toBe(401);
    });

    it('accepts the code of the previous step (clock drift), not older', async () => {
      const { username, agent, secret } = await enrolledAtSignIn();
      clock.advance(10 * STEP_MS);
      await password(agent, username);
      const twoStepsAgo = totpCodeAt(secret, new Date(clock.now().getTime() - 2 * STEP_MS));
      expect((await post(agent, '/api/auth/login/two-factor', { code: twoStepsAgo })).status).toBe(401);
      const previous = totpCodeAt(secret, new Date(clock.now().getTime() - STEP_MS));
      expect((await post(agent, '/api/auth/login/two-factor', { code: previous })).status).toBe(200);
    });

    it('takes each recovery code once, typed in any case with its dash', async () => {
      const { username, agent, recoveryCodes } = await enrolledAtSignIn();
      const first = recoveryCodes[0]!;
      const typed = `${first.slice(0, 5).toUpperCase()}-${first.slice(5)}`;
      await post(agent, '/api/auth/logout');
      await password(agent, username);
      expect((await post(agent, '/api/auth/login/two-factor', { code: typed })).status).toBe(200);
      expect(answerOf(twoFactorStatusSchema, await get(agent, '/api/auth/two-factor')).recoveryCodesLeft).toBe(9);
      await post(agent, '/api/auth/logout');
      await password(agent, username);
      expect((await post(agent, '/api/auth/login/two-factor', { code: first })).status).toBe(401);
    });

    it('forgets the password step after five minutes', async () => {
      const { username, agent, secret } = await enrolledAtSignIn();
      await post(agent, '/api/auth/logout');
      await password(agent, username);
      clock.advance(5 * 60_000 + 1);
      const late = await post(agent, '/api/auth/login/two-factor', { code: totpCodeAt(secret, clock.now()) });
      expect([late.status, late.body.code]).toEqual([401, twoFactorErrorCodes.noPendingSignIn]);
    });

    it('answers 400, never 5xx, to a malformed code, and changes nothing', async () => {
      const { username, agent } = await enrolledAtSignIn();
      await post(agent, '/api/auth/logout');
      await password(agent, username);
      for (const code of ['12345', 'abc', '\u0000123456', 12, null, 'x'.repeat(500)]) {
        const answer = await post(agent, '/api/auth/login/two-factor', { code });
        expect(answer.status).toBe(400);
      }
      expect((await get(agent, '/api/auth/user')).status).toBe(401);
    });

    it('may not turn two-factor authentication off', async () => {
      const { agent, secret } = await enrolledAtSignIn();
      clock.advance(STEP_MS);
      const answer = await post(agent, '/api/auth/two-factor/disable', {
        password: PASSWORD,
        code: totpCodeAt(secret, clock.now()),
      });
      expect([answer.status, answer.body.code]).toEqual([403, twoFactorErrorCodes.requiredForRole]);
      expect(answerOf(twoFactorStatusSchema, await get(agent, '/api/auth/two-factor')).enabled).toBe(true);
    });

    it('makes new recovery codes with a current code, and the old ones stop working', async () => {
      const { username, agent, secret, recoveryCodes } = await enrolledAtSignIn();
      const refused = await post(agent, '/api/auth/two-factor/recovery-codes', { code: '000000' });
      expect(refused.status).toBe(400);
      clock.advance(STEP_MS);
      const code = totpCodeAt(secret, clock.now());
      const fresh = answerOf(
        recoveryCodesAnswerSchema,
        await post(agent, '/api/auth/two-factor/recovery-codes', { code }),
      );
      expect(fresh.recoveryCodes).not.toContain(recoveryCodes[0]);
      await post(agent, '/api/auth/logout');
      await password(agent, username);
      expect((await post(agent, '/api/auth/login/two-factor', { code: recoveryCodes[0] })).status).toBe(401);
      expect((await post(agent, '/api/auth/login/two-factor', { code: fresh.recoveryCodes[0] })).status).toBe(200);
    });

    it('stores the secret sealed and the recovery codes hashed', async () => {
      const { username, secret, recoveryCodes } = await enrolledAtSignIn();
      const { rows } = await sql.query<{ sealed_secret: string; hashes: string }>(
        `SELECT t.sealed_secret, string_agg(c.code_hash, ' ') AS hashes
         FROM users u JOIN two_factor t ON t.user_id = u.id JOIN two_factor_recovery_codes c ON c.user_id = u.id
         WHERE u.username = $1 GROUP BY t.sealed_secret`,
        [username],
      );
      const stored = JSON.stringify(rows);
      expect(rows).toHaveLength(1);
      expect(stored).not.toContain(secret);
      for (const code of recoveryCodes) expect(stored).not.toContain(code);
    });

    it('limits failed codes like failed passwords', async () => {
      const { username, agent } = await enrolledAtSignIn();
      await post(agent, '/api/auth/logout');
      await password(agent, username);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt++) {
        statuses.push((await post(agent, '/api/auth/login/two-factor', { code: '000000' })).status);
      }
      expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
    });
  });

  it('signs out a staff session that never passed a second step', async () => {
    const before = newApp('nobody');
    const { username, agent } = await account('admin', before);
    answerOf(signedInAnswerSchema, await password(agent, username));
    const cookie = (await get(agent, '/api/auth/user').expect(200)).request.cookies;
    const after = newApp('staff');
    const answer = await request(after).get('/api/auth/user').set('X-Brand-Key', 'default').set('Cookie', cookie);
    expect(answer.status).toBe(401);
  });

  describe('travellers', () => {
    it('sign in with the password alone until they opt in; then turn it off with password and code', async () => {
      newApp('staff');
      const { username, agent } = await account('traveller');
      answerOf(signedInAnswerSchema, await password(agent, username));
      const status = answerOf(twoFactorStatusSchema, await get(agent, '/api/auth/two-factor'));
      expect(status).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false });
      const { secret } = answerOf(enrolmentSchema, await post(agent, '/api/auth/two-factor/enrol'));
      const enabled = await post(agent, '/api/auth/two-factor/confirm', { code: totpCodeAt(secret, clock.now()) });
      expect(answerOf(recoveryCodesAnswerSchema, enabled).recoveryCodes).toHaveLength(10);
      // This session carries on (it just showed a code).
      expect((await get(agent, '/api/auth/user')).status).toBe(200);
      expect((await post(agent, '/api/auth/two-factor/enrol')).status).toBe(409);

      clock.advance(STEP_MS);
      const code = totpCodeAt(secret, clock.now());
      const wrongPassword = await post(agent, '/api/auth/two-factor/disable', { password: 'not-it-at-all', code });
      expect([wrongPassword.status, wrongPassword.body.errors?.[0]?.path]).toEqual([400, 'password']);
      await post(agent, '/api/auth/two-factor/disable', { password: PASSWORD, code }).expect(200);
      expect(answerOf(twoFactorStatusSchema, await get(agent, '/api/auth/two-factor')).enabled).toBe(false);
      await post(agent, '/api/auth/logout');
      answerOf(signedInAnswerSchema, await password(agent, username));
    });

    it('ends their other sessions when they turn it on', async () => {
      newApp('staff');
      const { username, agent } = await account('traveller');
      const other = request.agent(app);
      await password(agent, username);
      await password(other, username);
      const { secret } = answerOf(enrolmentSchema, await post(agent, '/api/auth/two-factor/enrol'));
      await post(agent, '/api/auth/two-factor/confirm', { code: totpCodeAt(secret, clock.now()) }).expect(200);
      expect((await get(other, '/api/auth/user')).status).toBe(401);
      expect((await get(agent, '/api/auth/user')).status).toBe(200);
    });

    it('must enrol too when the platform requires it of everyone', async () => {
      newApp('everyone');
      const { username, agent } = await account('traveller');
      expect(answerOf(secondStepNeededSchema, await password(agent, username)).twoFactor).toBe('enrol');
      expect((await get(agent, '/api/auth/user')).status).toBe(401);
    });
  });
});
