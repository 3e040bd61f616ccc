import type { Redis } from 'ioredis';

/**
 * A job's side effect made idempotent by its job id, as real handlers must be: every run is
 * logged, the effect itself (a counter) happens only on the first run that reaches it.
 */
export async function runEffectOnce(redis: Redis, prefix: string, jobId: string): Promise<void> {
  await redis.rpush(`${prefix}:runs`, jobId);
  const first = await redis.set(`${prefix}:effect:${jobId}`, '1', 'NX');
  if (first === 'OK') await redis.incr(`${prefix}:effects`);
}
