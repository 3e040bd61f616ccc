import type { Redis } from 'ioredis';
import { RedisStore } from 'rate-limit-redis';
import type { RateLimitStoreFactory } from './rate-limits.js';

/** Rate-limit counters in Redis, shared by every engine instance. */
export function redisRateLimitStores(redis: Redis, prefix = 'contrail:ratelimit:'): RateLimitStoreFactory {
  return (name) =>
    new RedisStore({
      prefix: `${prefix}${name}:`,
      sendCommand: (command: string, ...args: string[]) => redis.call(command, ...args) as never,
    });
}
