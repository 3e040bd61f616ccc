import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('runs embedded with zero configuration', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 5000, embedded: true, dataDir: '.data', bodyLimit: '100kb' });
    expect(config.duffel).toBeUndefined();
    expect(config.stripe).toBeUndefined();
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).embedded).toBe(true);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL: must be a redis:\/\//);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_123' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ADMIN_USERNAME: 'root' })).toThrow(/ADMIN_USERNAME and ADMIN_PASSWORD/);
    expect(() => loadConfig({ ROLES: 'engine,dancer' })).toThrow(/ROLES.*engine, worker or projector/);
  });

  it('reads the roles of a process from ROLES (runtime/roles.ts decides the default)', () => {
    expect(loadConfig({ ROLES: 'worker, projector' }).roles).toEqual(['worker', 'projector']);
    expect(loadConfig({}).roles).toBeUndefined();
  });

  it('requires a session secret outside the embedded default', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/contrail' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/contrail' })).toThrow(/SESSION_SECRET/);
    const config = loadConfig({
      DATABASE_URL: 'postgres://localhost/contrail',
      SESSION_SECRET: 'x'.repeat(32),
      PII_MASTER_KEY: 'ab'.repeat(32),
    });
    expect(config.embedded).toBe(false);
    expect(config.piiMasterKey).toEqual(Buffer.alloc(32, 0xab));
  });

  it('requires a 32-byte PII master key outside the embedded default, as hex or base64', () => {
    const scaled = { DATABASE_URL: 'postgres://localhost/contrail', SESSION_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig(scaled)).toThrow(/PII_MASTER_KEY: required when DATABASE_URL is set/);
    expect(() => loadConfig({ ...scaled, PII_MASTER_KEY: 'too-short' })).toThrow(
      /PII_MASTER_KEY: must be 32 bytes as 64 hex digits or base64/,
    );
    expect(() => loadConfig({ ...scaled, PII_MASTER_KEY: Buffer.alloc(31, 1).toString('base64') })).toThrow(
      /PII_MASTER_KEY/,
    );
    const key = Buffer.alloc(32, 7);
    expect(loadConfig({ ...scaled, PII_MASTER_KEY: key.toString('base64') }).piiMasterKey).toEqual(key);
    expect(loadConfig({ ...scaled, PII_MASTER_KEY: key.toString('base64url') }).piiMasterKey).toEqual(key);
    expect(loadConfig({}).piiMasterKey).toBeUndefined();
  });

  it('reads the provider credentials', () => {
    const config = loadConfig({ DUFFEL_ACCESS_TOKEN: 'duffel_test_abc', STRIPE_SECRET_KEY: 'sk_test_abc' });
    expect(config.duffel).toEqual({ accessToken: 'duffel_test_abc', apiUrl: undefined });
    expect(config.stripe).toEqual({ secretKey: 'sk_test_abc' });
  });

  it('reads durations, CSP origins and the Redis prefix, and refuses bad ones', () => {
    const config = loadConfig({
      SESSION_IDLE_TIMEOUT: '30m',
      SESSION_ABSOLUTE_TIMEOUT: '7d',
      CSP_IMAGE_SOURCES: 'https://logos.example.com  https://cdn.example.com:8443',
      REDIS_PREFIX: 'agency-1',
    });
    expect(config.session).toEqual({ idleTimeoutMs: 30 * 60_000, absoluteTimeoutMs: 7 * 86_400_000 });
    expect(config.csp).toEqual({
      imageSources: ['https://logos.example.com', 'https://cdn.example.com:8443'],
      fontSources: [],
    });
    expect(config.redisPrefix).toBe('agency-1');
    expect(loadConfig({}).csp.imageSources).toEqual(['https://assets.duffel.com']);
    expect(() => loadConfig({ SESSION_IDLE_TIMEOUT: '10 minutes' })).toThrow(/SESSION_IDLE_TIMEOUT/);
    expect(() => loadConfig({ SESSION_IDLE_TIMEOUT: '40d' })).toThrow(/not be longer than SESSION_ABSOLUTE_TIMEOUT/);
    expect(() => loadConfig({ CSP_IMAGE_SOURCES: "http://insecure.example.com 'unsafe-inline'" })).toThrow(
      /CSP_IMAGE_SOURCES/,
    );
    expect(() => loadConfig({ REDIS_PREFIX: 'a:b' })).toThrow(/REDIS_PREFIX/);
  });

  it('reads process-card limits and the unclaimed hold timeout, with defaults, and refuses bad ones', () => {
    expect(loadConfig({}).cardAttempts).toEqual({
      windowMs: 15 * 60_000,
      perAddress: 60,
      perSession: 30,
      perOffer: 20,
      declineWeight: 3,
    });
    expect(loadConfig({}).unclaimedHoldMs).toBe(5 * 60_000);
    const config = loadConfig({
      CARD_LIMIT_WINDOW: '1h',
      CARD_LIMIT_PER_ADDRESS: '100',
      CARD_LIMIT_PER_SESSION: '40',
      CARD_LIMIT_PER_OFFER: '10',
      CARD_DECLINE_WEIGHT: '5',
      UNCLAIMED_HOLD_TIMEOUT: '10m',
    });
    expect(config.cardAttempts).toEqual({
      windowMs: 3_600_000,
      perAddress: 100,
      perSession: 40,
      perOffer: 10,
      declineWeight: 5,
    });
    expect(config.unclaimedHoldMs).toBe(10 * 60_000);
    expect(() => loadConfig({ CARD_LIMIT_PER_OFFER: '0' })).toThrow(/CARD_LIMIT_PER_OFFER/);
    expect(() => loadConfig({ CARD_LIMIT_WINDOW: '30d' })).toThrow(/CARD_LIMIT_WINDOW: must be at most 24h/);
    expect(() => loadConfig({ UNCLAIMED_HOLD_TIMEOUT: '10s' })).toThrow(/UNCLAIMED_HOLD_TIMEOUT: must be at least 1m/);
  });

  it('shows stack traces and source maps only with NODE_ENV=development set explicitly', () => {
    expect(loadConfig({}).devTools).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).devTools).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).devTools).toBe(true);
  });
});
