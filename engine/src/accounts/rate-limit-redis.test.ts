import { randomBytes } from 'node:crypto';
import express from 'express';
import { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../http/errors.js';
import { serviceUrl } from '../test-support/services.js';
import { redisRateLimitStores } from './rate-limit-redis.js';
import { authRateLimits, rateLimitMessages } from './rate-limits.js';

const url = serviceUrl('REDIS_URL');

/** Two engine instances sharing one Redis: a limit reached on one holds on the other. */
describe.runIf(url)('rate limits in Redis', () => {
  let redis: Redis;
  const prefix = `contrail-test:${randomBytes(4).toString('hex')}:`;

  beforeAll(() => {
    redis = new Redis(url!);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  function instance() {
    const app = express();
    app.use(express.json());
    app.post('/login', ...authRateLimits(redisRateLimitStores(redis, prefix)).signIn, (_req, res) => {
      res.status(401).json({ message: 'Invalid username or password' });
    });
    app.use(errorHandler({ exposeStack: false }));
    return app;
  }

  it('shares the failed sign-in count across instances', async () => {
    const [a, b] = [instance(), instance()];
    for (let attempt = 0; attempt < 10; attempt++) {
      await request(attempt % 2 === 0 ? a : b)
        .post('/login')
        .send({ username: 'shared' })
        .expect(401);
    }
    const limited = await request(a).post('/login').send({ username: 'Shared' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(rateLimitMessages.signIn);
    expect(await redis.keys(`${prefix}signin-account-ip:*`)).not.toHaveLength(0);
  });
});
