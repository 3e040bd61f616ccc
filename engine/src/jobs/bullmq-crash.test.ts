import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { runEffectOnce } from '../test-support/job-effects.js';
import { fastRetries, redisTestPrefix } from '../test-support/jobs.js';
import { serviceUrl } from '../test-support/services.js';
import { bullmqJobQueue } from './bullmq-queue.js';
import { JobHandlerRegistry } from './job-queue.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

const here = path.dirname(fileURLToPath(import.meta.url));
const repositoryRoot = path.resolve(here, '../../..');
const redisUrl = serviceUrl('REDIS_URL');

function waitForLine(child: ReturnType<typeof spawn>, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (pattern.test(output)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before printing ${pattern}: ${output}`)));
  });
}

describe.runIf(redisUrl)('a BullMQ worker killed mid-job', { timeout: scaled(60_000) }, () => {
  const { prefix, cleanUp } = redisTestPrefix();
  const redis = new Redis(redisUrl ?? '');
  afterAll(async () => {
    await redis.quit();
    await cleanUp(redisUrl!);
  });

  it('loses nothing: another worker retakes the job and its effect happens exactly once', async () => {
    const child = spawn(
      process.execPath,
      [
        '--conditions=source',
        '--import',
        'tsx',
        path.join(here, '../test-support/crashing-worker.ts'),
        redisUrl!,
        prefix,
      ],
      {
        cwd: repositoryRoot,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const producer = bullmqJobQueue({ redisUrl: redisUrl!, prefix, definitions: fastRetries });
    let survivor: ReturnType<typeof bullmqJobQueue> | undefined;
    try {
      await waitForLine(child, /ready/);
      const jobId = `crash-${randomUUID()}`;
      const applied = waitForLine(child, /effect-applied/);
      await producer.enqueue('create-order', { bookingId: 'bk_crash' }, { jobId });
      await applied;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;

      // The dead worker's lock expires (1 s); a live worker's stalled-job check puts the job back and runs it.
      survivor = bullmqJobQueue({ redisUrl: redisUrl!, prefix, definitions: fastRetries, stalledIntervalMs: 300 });
      await survivor.startWorkers(
        new JobHandlerRegistry().register('create-order', async (_payload, context) =>
          runEffectOnce(redis, prefix, context.jobId),
        ),
      );
      expect(await producer.waitForJob('create-order', jobId, scaled(30_000))).toBe('completed');
      expect(await redis.lrange(`${prefix}:runs`, 0, -1)).toEqual([jobId, jobId]);
      expect(await redis.get(`${prefix}:effects`)).toBe('1');
    } finally {
      child.kill('SIGKILL');
      await survivor?.close();
      await producer.close();
    }
  });
});
