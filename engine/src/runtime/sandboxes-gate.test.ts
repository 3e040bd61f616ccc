import { createHmac } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxCredentials, TEST_SANDBOX_CREDENTIALS } from '@contrail/sandboxes';
import { encodeSearch } from '@contrail/sandboxes/duffel/request-codec';
import { InMemoryStripeSandboxStore } from '@contrail/sandboxes/stripe/store';
import { createApp } from '../app.js';
import { ManualClock } from '../clock.js';
import { ConfigError, loadConfig } from '../config.js';
import { postgresEventStore } from '../eventstore/postgres-eventstore.js';
import type { SqlClient } from '../storage/sql.js';
import { SystemModeStore } from '../system-mode/store.js';
import { testDeps } from '../test-support/app.js';
import { listen } from '../test-support/listen.js';
import { sqlBackends } from '../test-support/sql.js';
import { sandboxesFor } from './sandboxes.js';
import { loadSandboxesConfig } from './sandboxes-service.js';

const duffel = (token: string) => ({ Authorization: `Bearer ${token}`, 'Duffel-Version': 'v2' });
const stripe = (key: string) => ({ Authorization: `Bearer ${key}` });

/** Issue 16: the sandboxes are test tools, answering only this deployment's credentials, never in live mode. */
describe('the sandbox gate', () => {
  let sql: SqlClient;
  beforeAll(async () => {
    sql = await sqlBackends()[0]!.open();
  });
  afterAll(async () => {
    await sql.close();
  });

  it("answers only the engine's own Duffel token and Stripe key, in their error shapes", async () => {
    const app = createApp(testDeps(sql, { stripeSandbox: { store: new InMemoryStripeSandboxStore() } }));
    const { duffelToken, stripeKey } = TEST_SANDBOX_CREDENTIALS;
    expect((await request(app).get('/sandbox/duffel/air/orders').set(duffel(duffelToken))).status).toBe(200);
    for (const token of ['duffel_test_anything', `${duffelToken}x`, '']) {
      const refused = await request(app).get('/sandbox/duffel/air/orders').set(duffel(token));
      expect(refused.status).toBe(401);
      expect(refused.body.errors[0]).toMatchObject({ type: 'authentication_error' });
    }
    expect((await request(app).get('/v1/payment_intents/pi_missing').set(stripe(stripeKey))).status).toBe(404);
    const refused = await request(app)
      .post('/v1/refunds')
      .set(stripe('sk_test_anything'))
      .type('form')
      .send('payment_intent=pi_1');
    expect(refused.status).toBe(401);
    expect(refused.body.error).toMatchObject({ type: 'invalid_request_error', code: 'api_key_invalid' });
  });

  it('answers nothing in live mode', async () => {
    const clock = new ManualClock();
    const eventStore = postgresEventStore(sql, { pollIntervalMs: 10 });
    const mode = new SystemModeStore(eventStore, clock, 0);
    const deps = testDeps(sql, {
      clock,
      eventStore,
      systemMode: mode,
      stripeSandbox: { store: new InMemoryStripeSandboxStore() },
    });
    const app = createApp(deps);
    await mode.switchTo(
      'live',
      { duffel: true, stripe: true },
      { userId: 'u', username: 'root' },
      { correlationId: 'c', brand: 'default' },
    );
    // The switch is read back once the event store shows it (its visibility horizon).
    for (let attempt = 0; attempt < 100 && (await mode.current()) !== 'live'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    try {
      const orders = await request(app)
        .get('/sandbox/duffel/air/orders')
        .set(duffel(TEST_SANDBOX_CREDENTIALS.duffelToken));
      expect(orders.status).toBe(403);
      expect(orders.body.errors[0].code).toBe('sandbox_unavailable_in_live_mode');
      const intent = await request(app).get('/v1/payment_intents/pi_1').set(stripe(TEST_SANDBOX_CREDENTIALS.stripeKey));
      expect(intent.status).toBe(403);
      // The engine's own calls, in-process through the official client, are refused the same way.
      await expect(deps.flights!.getOffer('off_anything')).rejects.toMatchObject({ status: 403 });
    } finally {
      await mode.switchTo(
        'test',
        { duffel: true, stripe: true },
        { userId: 'u', username: 'root' },
        { correlationId: 'c', brand: 'default' },
      );
    }
  });

  it('answers a crafted offer id (a search dated 2027-99-99) as not found, on the API and the sandbox', async () => {
    const deps = testDeps(sql);
    // Listening, so that the flight routes reach the mounted sandbox through the real client.
    const server = await listen(createApp(deps), deps);
    const app = server.url;
    const crafted = `off_${encodeSearch({
      createdAtMs: Date.now(),
      nonce: '0123abcd',
      cabin: 'economy',
      maxConnections: 1,
      passengers: ['adult'],
      slices: [{ origin: 'JFK', destination: 'LAX', departureDate: '2027-99-99' }],
    })}_0`;
    const { duffelToken } = TEST_SANDBOX_CREDENTIALS;
    const sandbox = await request(app).get(`/sandbox/duffel/air/offers/${crafted}`).set(duffel(duffelToken));
    expect(sandbox.status).toBe(404);
    expect(sandbox.body.errors[0]).toMatchObject({ type: 'invalid_request_error', code: 'not_found' });
    for (const route of ['offer', 'seatmaps', 'verify-offer']) {
      const response = await request(app).get(`/api/flights/${route}/${crafted}`);
      expect(response.status, `${route}: ${response.text}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${route}: ${response.text}`).toBeLessThan(500);
    }
    await server.close();
  });

  it("answers a malformed path in Duffel's shape, not with a 500", async () => {
    const app = createApp(testDeps(sql));
    const response = await request(app)
      .get('/sandbox/duffel/air/offers/%E0%A4%A')
      .set(duffel(TEST_SANDBOX_CREDENTIALS.duffelToken));
    expect(response.status).toBe(400);
    expect(response.body.errors[0].code).toBe('malformed_url');
  });
});

describe('sandbox configuration', () => {
  it('is off with NODE_ENV=production unless enabled explicitly, and then needs no provider keys', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DUFFEL_ACCESS_TOKEN and STRIPE_SECRET_KEY/);
    expect(loadConfig({ NODE_ENV: 'production', SANDBOXES_ENABLED: 'true' }).sandboxes.mounted).toBe(true);
    const remote = loadConfig({
      NODE_ENV: 'production',
      SANDBOX_URL: 'http://sandboxes:5100',
      SANDBOX_SECRET: 's'.repeat(32),
    });
    expect(remote.sandboxes).toEqual({ mounted: false, url: 'http://sandboxes:5100', secret: 's'.repeat(32) });
    expect(() => loadConfig({ SANDBOX_URL: 'http://sandboxes:5100' })).toThrow(/SANDBOX_SECRET/);
    const live = loadConfig({
      NODE_ENV: 'production',
      DUFFEL_ACCESS_TOKEN: 'duffel_live_x',
      STRIPE_SECRET_KEY: 'sk_live_x',
    });
    expect(live.sandboxes.mounted).toBe(false);
  });

  it('the sandboxes process refuses production unless enabled, and needs its secret', () => {
    expect(() => loadSandboxesConfig({ SANDBOX_SECRET: 's'.repeat(32) })).not.toThrow();
    expect(() => loadSandboxesConfig({ NODE_ENV: 'production', SANDBOX_SECRET: 's'.repeat(32) })).toThrow(
      /SANDBOXES_ENABLED/,
    );
    expect(() => loadSandboxesConfig({})).toThrow(/SANDBOX_SECRET/);
  });

  it("takes the Duffel sandbox's rate limit from DUFFEL_SANDBOX_RATELIMIT, refusing a malformed one at start", async () => {
    const config = {
      ...loadConfig({ NODE_ENV: 'test', DUFFEL_SANDBOX_RATELIMIT: '2/60s' }),
      sessionSecret: 'x'.repeat(40),
    };
    const mount = { clock: new ManualClock(), sql: {} as SqlClient, isLive: () => Promise.resolve(false) };
    const { access } = await sandboxesFor(config, mount);
    expect(access!.duffelRateLimit).toEqual({ limit: 2, windowMs: 60_000 });
    const call = () =>
      access!.fetch!(`${access!.duffelBasePath()}air/airlines?limit=1`, {
        headers: duffel(access!.credentials.duffelToken),
      });
    expect((await call()).headers.get('ratelimit-limit')).toBe('2');
    await call();
    const limited = await call();
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { errors: unknown[] }).errors[0]).toMatchObject({
      type: 'rate_limit_error',
      code: 'rate_limit_exceeded',
    });
    // Without the variable the default is generous; a malformed one stops the start with a clear message.
    const generous = await sandboxesFor(
      { ...config, sandboxes: { ...config.sandboxes, duffelRateLimit: undefined } },
      mount,
    );
    expect(generous.access!.duffelRateLimit).toBeUndefined();
    for (const malformed of ['120', '0/60s', '10/0s', '10 per minute']) {
      await expect(
        sandboxesFor({ ...config, sandboxes: { ...config.sandboxes, duffelRateLimit: malformed } }, mount),
      ).rejects.toThrow(ConfigError);
    }
    expect(
      loadSandboxesConfig({ SANDBOX_SECRET: 's'.repeat(32), DUFFEL_SANDBOX_RATELIMIT: '5/1s' }).duffelRateLimit,
    ).toEqual({
      limit: 5,
      windowMs: 1_000,
    });
    expect(() => loadSandboxesConfig({ SANDBOX_SECRET: 's'.repeat(32), DUFFEL_SANDBOX_RATELIMIT: '5/s' })).toThrow(
      /DUFFEL_SANDBOX_RATELIMIT: write requests per window as <requests>\/<seconds>s/,
    );
  });

  it('gives a running engine credentials of its own, never the fixed test ones', async () => {
    const config = { ...loadConfig({ NODE_ENV: 'test' }), sessionSecret: 'x'.repeat(40) };
    const mount = { clock: new ManualClock(), sql: {} as SqlClient, isLive: () => Promise.resolve(false) };
    const access = (await sandboxesFor(config, mount)).access!;
    expect(access.mounted).toBe(true);
    expect(access.credentials.duffelToken).not.toBe(TEST_SANDBOX_CREDENTIALS.duffelToken);
    expect(access.credentials.stripeKey).toMatch(/^sk_test_[0-9a-f]{64}$/);
    // Every engine of a deployment (same session secret) agrees; another deployment does not.
    const again = (await sandboxesFor(config, mount)).access!;
    expect(again.credentials).toEqual(access.credentials);
    const other = (await sandboxesFor({ ...config, sessionSecret: 'y'.repeat(40) }, mount)).access!;
    expect(other.credentials).not.toEqual(access.credentials);
    expect(sandboxCredentials('z'.repeat(32))).not.toEqual(access.credentials);
    // The derivation is the one released deployments used: their sandbox state stays theirs.
    expect(access.credentials).toEqual(
      sandboxCredentials(createHmac('sha256', 'x'.repeat(40)).update('contrail sandbox secret').digest('hex')),
    );
  });
});
