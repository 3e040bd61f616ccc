/**
 * Job queue benchmark: round-trip latency (enqueue -> handler -> completion seen by the
 * producer) and throughput in jobs/s, on BullMQ when REDIS_URL is set and in-process on PGlite.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { openPglite } from '../storage/pglite.js';
import { runMigrations } from '../storage/migrations.js';
import { migrations } from '../runtime/migrations.js';
import { redisTestPrefix } from '../test-support/jobs.js';
import { bullmqJobQueue } from './bullmq-queue.js';
import { inProcessJobQueue } from './in-process-queue.js';
import { JobHandlerRegistry, type JobQueue } from './job-queue.js';

const ROUND_TRIPS = 200;
const THROUGHPUT_JOBS = 2_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
const round = (ms: number) => Math.round(ms * 100) / 100;

async function measure(name: string, queue: JobQueue) {
  let handled = 0;
  let allHandled: () => void = () => {};
  await queue.startWorkers(
    new JobHandlerRegistry().register('send-confirmation', async () => {
      handled += 1;
      if (handled === ROUND_TRIPS + THROUGHPUT_JOBS) allHandled();
    }),
  );

  const timings: number[] = [];
  for (let index = 0; index < ROUND_TRIPS; index += 1) {
    const started = performance.now();
    const { jobId } = await queue.enqueue('send-confirmation', { bookingId: `bk_${index}` });
    await queue.waitForJob('send-confirmation', jobId, 10_000);
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);

  const done = new Promise<void>((resolve) => (allHandled = resolve));
  const started = performance.now();
  for (let index = 0; index < THROUGHPUT_JOBS; index += 100) {
    await Promise.all(
      Array.from({ length: 100 }, (_, offset) =>
        queue.enqueue('send-confirmation', { bookingId: `bulk_${index + offset}` }),
      ),
    );
  }
  await done;
  const jobsPerSecond = Math.round((THROUGHPUT_JOBS / (performance.now() - started)) * 1000);
  await queue.close();
  return {
    adapter: name,
    'round trip p50 ms': round(percentile(timings, 50)),
    'p95 ms': round(percentile(timings, 95)),
    'p99 ms': round(percentile(timings, 99)),
    'jobs/s': jobsPerSecond,
  };
}

const rows = [];
const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  const { prefix, cleanUp } = redisTestPrefix();
  try {
    rows.push(await measure('bullmq (redis), concurrency 16', bullmqJobQueue({ redisUrl, prefix, concurrency: 16 })));
  } finally {
    await cleanUp(redisUrl);
  }
} else {
  console.log('REDIS_URL is not set: BullMQ skipped');
}

const sql = await openPglite();
await runMigrations(sql, migrations);
rows.push(
  await measure('in-process (pglite), concurrency 16', inProcessJobQueue({ sql, concurrency: 16, pollIntervalMs: 50 })),
);
await sql.close();

console.log('\nJob queues');
console.table(rows);
console.log(`(machine load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores while measuring)`);
