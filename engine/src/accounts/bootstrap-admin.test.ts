import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { loadConfig, type Config } from '../config.js';
import type { SqlClient } from '../storage/sql.js';
import { testPasswordHasher } from '../test-support/app.js';
import { sqlBackends } from '../test-support/sql.js';
import { Accounts } from './accounts.js';
import { generatedPasswordKey, passwordsWith } from './passwords.js';
import { bootstrapAdmin, INITIAL_ADMIN_PASSWORD_FILE } from './bootstrap-admin.js';
import { embeddedSessionSecret } from './session-secret.js';
import { temporaryDirectory } from '../test-support/at-exit.js';

const logger = pino({ level: 'silent' });

describe('the first admin', () => {
  let sql: SqlClient;
  let accounts: Accounts;
  let dataDir: string;
  const config = (environment: Record<string, string>): Config =>
    loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...environment });

  beforeAll(async () => {
    sql = await sqlBackends()[0]!.open();
    const key = generatedPasswordKey('test-session-secret-at-least-32-characters');
    accounts = new Accounts(sql, passwordsWith(testPasswordHasher, key), new ManualClock());
  });
  beforeEach(async () => {
    await sql.query('DELETE FROM users');
    dataDir = temporaryDirectory('admin');
  });
  afterAll(async () => {
    await sql.close();
  });

  it('comes from ADMIN_USERNAME and ADMIN_PASSWORD, once', async () => {
    const env = { ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'a-long-admin-password' };
    expect(await bootstrapAdmin(accounts, config(env), logger)).toEqual({ outcome: 'created', username: 'ops' });
    expect((await accounts.users.findByUsername('default', 'ops'))!.passwordHash).toMatch(/^\$scrypt\$/);
    expect(await bootstrapAdmin(accounts, config(env), logger)).toEqual({ outcome: 'existing', username: 'ops' });
    const admin = await accounts.authenticate('default', 'ops', 'a-long-admin-password');
    expect(admin).toMatchObject({ isAdmin: true, isPlatformAdmin: true, brandKey: 'default' });
    expect(await accounts.users.countPlatformAdmins()).toBe(1);
  });

  it('promotes an existing account of that name and leaves its password alone', async () => {
    await accounts.register('default', {
      username: 'ops',
      email: 'ops@example.com',
      firstName: 'O',
      lastName: 'P',
      password: 'own-password',
    });
    const env = { ADMIN_USERNAME: 'OPS', ADMIN_PASSWORD: 'a-long-admin-password' };
    expect((await bootstrapAdmin(accounts, config(env), logger)).outcome).toBe('promoted');
    expect(await accounts.authenticate('default', 'ops', 'own-password')).toMatchObject({ isPlatformAdmin: true });
  });

  it('in the embedded default, is "admin" with a generated password kept in DATA_DIR, not in the log', async () => {
    const lines: string[] = [];
    const capturing = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const result = await bootstrapAdmin(accounts, config({}), capturing);
    expect(result).toMatchObject({ outcome: 'created', username: 'admin' });
    const file = path.join(dataDir, INITIAL_ADMIN_PASSWORD_FILE);
    const password = readFileSync(file, 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(24);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(lines.join('')).not.toContain(password);
    // Generated, so stored with the fast keyed hash until the first sign-in moves it to scrypt.
    expect((await accounts.users.findByUsername('default', 'admin'))!.passwordHash).toMatch(/^\$hmac-sha256\$/);
    expect(await accounts.authenticate('default', 'admin', password)).toMatchObject({ isPlatformAdmin: true });
    expect((await accounts.users.findByUsername('default', 'admin'))!.passwordHash).toMatch(/^\$scrypt\$/);
    expect(await accounts.authenticate('default', 'admin', password)).toMatchObject({ isPlatformAdmin: true });

    expect((await bootstrapAdmin(accounts, config({}), capturing)).outcome).toBe('existing');
    expect(readFileSync(file, 'utf8').trim()).toBe(password);
  });

  it('is nobody outside the embedded default unless configured', async () => {
    const scaled = config({
      DATABASE_URL: 'postgres://db/contrail',
      SESSION_SECRET: 'x'.repeat(32),
      PII_MASTER_KEY: 'a'.repeat(64),
    });
    expect(await bootstrapAdmin(accounts, scaled, logger)).toEqual({ outcome: 'none' });
    expect(await accounts.users.countPlatformAdmins()).toBe(0);
  });
});

describe('the embedded session secret', () => {
  it('is made once, kept private in DATA_DIR and reused', async () => {
    const dataDir = path.join(temporaryDirectory('secret'), 'nested');
    const first = await embeddedSessionSecret(dataDir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await embeddedSessionSecret(dataDir)).toBe(first);
    expect(statSync(path.join(dataDir, 'session-secret')).mode & 0o077).toBe(0);
    const other = await embeddedSessionSecret(temporaryDirectory('secret'));
    expect(other).not.toBe(first);
  });
});
