import type { Redis } from 'ioredis';
import type { ReadinessCheck } from './routes.js';

/** Ready while Redis answers PING (queues and shared rate limits live there). */
export function redisReadiness(redis: Redis): ReadinessCheck {
  return {
    name: 'redis',
    check: async () => {
      if (redis.status !== 'ready') return { ok: false, detail: `connection ${redis.status}` };
      return { ok: (await redis.ping()) === 'PONG', detail: 'PONG' };
    },
  };
}
