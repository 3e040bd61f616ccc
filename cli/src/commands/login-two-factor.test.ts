import type { SqlClient } from '@contrail/engine';
import { adminTestApp, sqlBackends, TEST_PASSWORD, totpCodeAt } from '@contrail/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliHarness, listen, type CliRun } from '../test-support/cli-harness.js';

const STEP_MS = 30_000;

/** The first cookie pair of a response, as a Cookie header. */
const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

describe('contrail login with two-factor authentication', () => {
  let sql: SqlClient;
  let engine: Awaited<ReturnType<typeof listen>>;
  let harness: Awaited<ReturnType<typeof cliHarness>>;
  let clock: { now(): Date; advance(ms: number): void };
  const at = (...argv: string[]): Promise<CliRun> => harness.cli('--url', engine.url, ...argv);
  const login = (...extra: string[]) => at('login', '--username', 'root', '--password', TEST_PASSWORD, ...extra);

  /** Enrols the platform admin over HTTP, as the storefront would: answers the TOTP secret. */
  async function enrolRoot(): Promise<string> {
    const post = (path: string, cookie: string, body: object = {}) =>
      fetch(`${engine.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify(body),
      });
    const signIn = await post('/api/auth/login', '', { username: 'root', password: TEST_PASSWORD });
    const cookie = cookieOf(signIn);
    const { secret } = (await (await post('/api/auth/login/two-factor/enrol', cookie)).json()) as { secret: string };
    const confirm = await post('/api/auth/login/two-factor/confirm', cookie, { code: totpCodeAt(secret, clock.now()) });
    expect(confirm.status).toBe(200);
    return secret;
  }

  beforeAll(async () => {
    sql = await sqlBackends()[0]!.open();
    const { app, deps } = await adminTestApp(sql, { config: { twoFactorRequired: 'staff' } });
    clock = deps.clock as unknown as typeof clock;
    engine = await listen(app);
    harness = await cliHarness();
  });
  afterAll(async () => {
    await engine.close();
    await harness.cleanup();
    await sql.close();
  });

  it('sends a staff member without two-factor authentication to set it up in the storefront', async () => {
    const run = await login();
    expect(run.code).toBe(1);
    expect(run.err).toBe(
      `Login failed: Your role requires two-factor authentication. Set it up to finish signing in. Sign in at ${engine.url}/login to set it up, then run contrail login again.\n`,
    );
    expect((await at('mode')).err).toBe('Not signed in: run contrail login\n');
  });

  it('asks for --code when there is no terminal, refuses a wrong one, and signs in with a right one', async () => {
    const secret = await enrolRoot();

    const noCode = await login();
    expect(noCode.code).toBe(2);
    expect(noCode.err).toContain('pass --code');

    const wrong = await login('--code', '000000');
    expect(wrong.code).toBe(1);
    expect(wrong.err).toBe('Login failed: That code is not valid. Check your authenticator app and try again.\n');
    expect((await at('mode')).err).toBe('Not signed in: run contrail login\n');

    clock.advance(STEP_MS);
    const code = totpCodeAt(secret, clock.now());
    const right = await login('--code', code);
    expect(right.err).toBe('');
    expect(right.out).toContain(`Signed in to ${engine.url} as root (admin).`);
    const mode = await at('mode');
    expect(mode.code).toBe(0);

    // The same code never signs in twice.
    const replay = await login('--code', code);
    expect(replay.code).toBe(1);
    expect(replay.err).toContain('That code is not valid');
  });
});
