import { randomBytes } from 'node:crypto';
import { cardAttemptsLimitedMessage, RATE_LIMITED } from '@contrail/shared/booking/card-attempts';
import express, { type Express } from 'express';
import { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisRateLimitStores } from '../../accounts/rate-limit-redis.js';
import type { RateLimitStoreFactory } from '../../accounts/rate-limits.js';
import type { SignedInUser } from '../../accounts/session.js';
import { errorHandler } from '../../http/errors.js';
import { serviceUrl } from '../../test-support/services.js';
import { cardAttemptLimiter } from './card-attempt-limiter.js';
import type { CardAttemptLimits } from './card-attempts.js';

const redisUrl = serviceUrl('REDIS_URL');
const roomy: CardAttemptLimits = {
  windowMs: 15 * 60_000,
  perAddress: 1_000,
  perSession: 1_000,
  perOffer: 1_000,
  declineWeight: 3,
};

/**
 * An engine's process-card reduced to the limiter: the body says how the card answers (a decline
 * is 402), X-Forwarded-For the address, X-User the signed-in account.
 */
function engine(limits: Partial<CardAttemptLimits>, stores: RateLimitStoreFactory | undefined): Express {
  const limiter = cardAttemptLimiter({ ...roomy, ...limits }, stores);
  const app = express();
  app.set('trust proxy', 1);
  app.use(express.json());
  app.use((req, _res, next) => {
    const user = req.get('X-User');
    if (user) req.user = { id: user } as SignedInUser;
    req.brandKey = 'skyhop';
    next();
  });
  app.post('/api/payments/process-card', limiter.reserve, async (req, res) => {
    const status = (req.body as { declined?: boolean }).declined ? 402 : 200;
    await limiter.charge(req, status);
    res.status(status).json({ success: status === 200 });
  });
  app.use(errorHandler({ exposeStack: false }));
  return app;
}

interface Attempt {
  offer?: string;
  declined?: boolean;
  from?: string;
  user?: string;
}

function attempt(app: Express, { offer = 'off_1', declined = false, from = '203.0.113.7', user }: Attempt = {}) {
  const call = request(app)
    .post('/api/payments/process-card')
    .set('X-Forwarded-For', from)
    .send({ offerId: offer, declined });
  return user ? call.set('X-User', user) : call;
}

async function statuses(app: Express, times: number, options: Attempt = {}) {
  const answers: number[] = [];
  for (let i = 0; i < times; i++) answers.push((await attempt(app, options)).status);
  return answers;
}

let redis: Redis | undefined;
const prefix = `contrail-test:${randomBytes(4).toString('hex')}:`;
beforeAll(() => {
  if (redisUrl) redis = new Redis(redisUrl);
});
afterAll(async () => {
  if (!redis) return;
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

// Each test's counters are its own: a fresh memory store per engine, a fresh Redis prefix per test.
const backends: Array<{ name: string; stores: () => RateLimitStoreFactory | undefined }> = [
  { name: 'memory', stores: () => undefined },
  ...(redisUrl
    ? [{ name: 'Redis', stores: () => redisRateLimitStores(redis!, `${prefix}${randomBytes(4).toString('hex')}:`) }]
    : []),
];

describe.each(backends)('card attempt limits in $name', ({ stores }) => {
  it('answers 429 past the address limit, with Retry-After and the traveller message; refusals cost nothing', async () => {
    const app = engine({ perAddress: 3, perOffer: 4, declineWeight: 1, windowMs: 10 * 60_000 }, stores());
    expect(await statuses(app, 3)).toEqual([200, 200, 200]);
    const refused = await attempt(app);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(refused.body).toEqual({
      success: false,
      error: RATE_LIMITED,
      message: cardAttemptsLimitedMessage(retryAfter),
    });
    expect(await statuses(app, 2)).toEqual([429, 429]);
    // The three refusals spent none of the offer's 4: another address has its last attempt.
    expect((await attempt(app, { from: '198.51.100.9' })).status).toBe(200);
    expect((await attempt(app, { from: '198.51.100.10' })).status).toBe(429);
  });

  it('keeps a decline’s weight of 3, gives back 2 of any other answer: two declines and a hold spend 7 of 9', async () => {
    const app = engine({ perOffer: 9 }, stores());
    expect(await statuses(app, 2, { declined: true })).toEqual([402, 402]);
    // 7 spent: the next attempt could be a decline, which no longer fits.
    expect(await statuses(app, 2)).toEqual([200, 429]);
    // The offer is limited, not the address.
    expect((await attempt(app, { offer: 'off_2' })).status).toBe(200);
    // Holds alone: seven, while a decline still fits.
    expect(await statuses(engine({ perOffer: 9 }, stores()), 8)).toEqual([...Array<number>(7).fill(200), 429]);
  });

  it('lets no burst in flight together spend more than the limit before its answers are known', async () => {
    const app = engine({ perOffer: 9 }, stores());
    const burst = await Promise.all(Array.from({ length: 6 }, () => attempt(app, { declined: true })));
    const answered = burst.filter((answer) => answer.status === 402).length;
    expect(answered).toBeGreaterThan(0);
    expect(answered).toBeLessThanOrEqual(3);
    expect(burst.filter((answer) => answer.status === 429)).toHaveLength(6 - answered);
  });

  it('limits a signed-in account across addresses', async () => {
    const app = engine({ perSession: 2, declineWeight: 1 }, stores());
    expect((await attempt(app, { user: 'usr_1', from: '203.0.113.1' })).status).toBe(200);
    expect((await attempt(app, { user: 'usr_1', from: '203.0.113.2', offer: 'off_2' })).status).toBe(200);
    expect((await attempt(app, { user: 'usr_1', from: '203.0.113.3', offer: 'off_3' })).status).toBe(429);
    expect((await attempt(app, { user: 'usr_2', from: '203.0.113.3', offer: 'off_3' })).status).toBe(200);
  });
});

describe.runIf(redisUrl)('card attempt limits shared by two engines through Redis', () => {
  it('counts the attempts and declines of both engines together', async () => {
    const shared = stores();
    const [a, b] = [engine({ perAddress: 7 }, shared), engine({ perAddress: 7 }, shared)];
    expect((await attempt(a, { declined: true })).status).toBe(402);
    expect(await statuses(b, 2)).toEqual([200, 200]);
    expect((await attempt(a)).status).toBe(429);
    expect((await attempt(b)).status).toBe(429);
  });

  function stores() {
    return redisRateLimitStores(redis!, `${prefix}${randomBytes(4).toString('hex')}:`);
  }
});
