import { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisRateLimitStores } from '../accounts/rate-limit-redis.js';
import { createApp } from '../app.js';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../http/errors.js';
import { openPostgres } from '../storage/postgres.js';
import type { SqlClient } from '../storage/sql.js';
import { testDeps } from '../test-support/app.js';
import { sqlBackends } from '../test-support/sql.js';
import { redisReadiness } from './redis.js';

/** Nothing listens on port 1: connections are refused at once. */
const DEAD_REDIS = 'redis://127.0.0.1:1';
const DEAD_POSTGRES = 'postgres://postgres@127.0.0.1:1/contrail';

const login = { username: 'someone', password: 'a-password-1' };
const registration = {
  username: 'someone',
  email: 'someone@example.com',
  firstName: 'A',
  lastName: 'B',
  password: 'Long-enough-1',
};
const supportRequest = { kind: 'subscribe', email: 'ada@example.com' };

function expectPlain503(response: request.Response) {
  expect(response.status, JSON.stringify(response.body)).toBe(503);
  expect(response.body).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
  expect(response.headers['retry-after']).toBe('5');
}

/** Issue 15 item 7: a dependency down is a clear, bounded 503, never a 500 with a stack. */
describe('dependencies down', () => {
  let sql: SqlClient;
  let redis: Redis;
  beforeAll(async () => {
    sql = await sqlBackends()[0]!.open();
    redis = new Redis(DEAD_REDIS, { maxRetriesPerRequest: 1, lazyConnect: false });
    redis.on('error', () => {});
  });
  afterAll(async () => {
    redis.disconnect();
    await sql.close();
  });

  it('Redis unreachable: not ready, and sign-in, registration and support answer 503', async () => {
    const deps = testDeps(sql, {
      rateLimitStore: redisRateLimitStores(redis, 'dead:'),
      readiness: [redisReadiness(redis)],
      config: { devTools: true },
    });
    const app = createApp(deps);
    expect((await request(app).get('/readyz')).status).toBe(503);
    expectPlain503(await request(app).post('/api/auth/login').send(login));
    expectPlain503(await request(app).post('/api/auth/register').send(registration));
    expectPlain503(await request(app).post('/api/support-requests').send(supportRequest));
  });

  it('the database unreachable: not ready, and requests answer 503', async () => {
    const dead = openPostgres({ url: DEAD_POSTGRES, maxConnections: 2 });
    try {
      const app = createApp(testDeps(dead, { config: { devTools: true } }));
      expect((await request(app).get('/readyz')).status).toBe(503);
      expectPlain503(await request(app).post('/api/auth/login').send(login));
      expectPlain503(await request(app).post('/api/auth/register').send(registration));
      expectPlain503(await request(app).get('/api/brands/default'));
      expectPlain503(await request(app).post('/api/support-requests').send(supportRequest));
    } finally {
      await dead.close();
    }
  });
});
