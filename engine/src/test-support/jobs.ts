import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { bullmqJobQueue, type BullmqOptions } from '../jobs/bullmq-queue.js';
import { inProcessJobQueue } from '../jobs/in-process-queue.js';
import type { JobContext, JobQueue } from '../jobs/job-queue.js';
import { queueDefinitions, withBackoff, type QueueDefinitions } from '../jobs/queues.js';
import { serviceUrl } from './services.js';
import { sqlBackends } from './sql.js';

export interface JobQueueBackend {
  name: string;
  /** Private storage for one test file; `queue()` gives a new queue over it (close each one). */
  open(): Promise<{ queue(definitions?: QueueDefinitions): JobQueue; close(): Promise<void> }>;
}

/** What a handler is given when a test runs it directly: its first and only attempt. */
export const singleAttempt = (queue: JobContext['queue']): JobContext => ({
  queue,
  jobId: `${queue}-test`,
  attempt: 1,
  maxAttempts: 1,
  firstTry: true,
});

/** Queue definitions that retry within milliseconds, for tests. */
export const fastRetries = withBackoff(queueDefinitions, 20, 3);

/** A prefix no other test run uses, and a way to delete everything under it afterwards. */
export function redisTestPrefix(): { prefix: string; cleanUp(redisUrl: string): Promise<void> } {
  const prefix = `contrail-test-${randomBytes(5).toString('hex')}`;
  return {
    prefix,
    async cleanUp(redisUrl) {
      const redis = new Redis(redisUrl);
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      await redis.quit();
    },
  };
}

export function bullmqTestQueue(redisUrl: string, options: Partial<BullmqOptions> = {}) {
  const { prefix, cleanUp } = redisTestPrefix();
  const queue = bullmqJobQueue({ redisUrl, prefix, definitions: fastRetries, ...options });
  return { queue, prefix, close: () => queue.close().then(() => cleanUp(redisUrl)) };
}

/** In-process on PGlite (and PostgreSQL when DATABASE_URL is set); BullMQ when REDIS_URL is set. */
export function jobQueueBackends(): JobQueueBackend[] {
  const backends: JobQueueBackend[] = sqlBackends().map((sqlBackend) => ({
    name: `in-process on ${sqlBackend.name}`,
    async open() {
      const sql = await sqlBackend.open();
      return {
        queue: (definitions = fastRetries) => inProcessJobQueue({ sql, definitions, pollIntervalMs: 20 }),
        close: () => sql.close(),
      };
    },
  }));
  const redisUrl = serviceUrl('REDIS_URL');
  if (redisUrl) {
    backends.push({
      name: 'bullmq',
      async open() {
        const { prefix, cleanUp } = redisTestPrefix();
        return {
          queue: (definitions = fastRetries) => bullmqJobQueue({ redisUrl, prefix, definitions }),
          close: () => cleanUp(redisUrl),
        };
      },
    });
  }
  return backends;
}
