/**
 * A BullMQ worker process for the crash test: it applies the job's effect, says so on stdout,
 * then hangs mid-job until the test SIGKILLs it. Run with tsx: <redisUrl> <prefix>.
 */
import { Redis } from 'ioredis';
import { bullmqJobQueue } from '../jobs/bullmq-queue.js';
import { JobHandlerRegistry } from '../jobs/job-queue.js';
import { runEffectOnce } from './job-effects.js';
import { fastRetries } from './jobs.js';

const [redisUrl, prefix] = process.argv.slice(2) as [string, string];
const redis = new Redis(redisUrl);
const queue = bullmqJobQueue({
  redisUrl,
  prefix,
  definitions: fastRetries,
  lockDurationMs: 1_000,
  stalledIntervalMs: 300,
});
const handlers = new JobHandlerRegistry().register('create-order', async (_payload, context) => {
  await runEffectOnce(redis, prefix, context.jobId);
  console.log(`effect-applied ${context.jobId}`);
  await new Promise(() => {});
});
await queue.startWorkers(handlers);
console.log('ready');
