import { Queue, QueueEvents, UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from '../logging/logger.js';
import {
  PermanentJobError,
  assertJobId,
  type FailedJob,
  type JobHandlerRegistry,
  type JobOutcome,
  type JobQueue,
  JOB_CONCURRENCY,
  type JobQueueOutage,
} from './job-queue.js';
import { queueDefinitions, type QueueDefinitions, type QueueName } from './queues.js';
import { parsePayload, runJob } from './run-job.js';
import { withDeadline } from '../calls/deadline.js';

export interface BullmqOptions {
  redisUrl: string;
  /** Namespaces every key: tests use a unique one per run. */
  prefix?: string;
  definitions?: QueueDefinitions;
  logger?: Logger;
  /** Jobs each worker runs at once, per queue. */
  concurrency?: number;
  /** How long a worker's lock on a job lasts without renewal: a killed worker's job is retaken after it. */
  lockDurationMs?: number;
  /** How often workers look for jobs whose lock expired (stalled jobs). */
  stalledIntervalMs?: number;
}

const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/** Completed jobs are kept a week, so their ids stay known (enqueue idempotency); failed ones are never dropped. */
const KEEP_COMPLETED = { age: 7 * 24 * 3600, count: 100_000 };

/**
 * BullMQ on Redis. One Redis connection serves every Queue; workers get their own (BullMQ needs
 * blocking connections); one QueueEvents per queue is shared by every `waitForJob`.
 */
export function bullmqJobQueue(options: BullmqOptions): JobQueue {
  const definitions = options.definitions ?? queueDefinitions;
  const prefix = options.prefix ?? 'contrail';
  // Reconnects with a growing delay, one log line per attempt (never a line per failed command).
  const connection = new Redis(options.redisUrl, {
    maxRetriesPerRequest: null,
    retryStrategy: (times) => Math.min(RECONNECT_FIRST_MS * 2 ** (times - 1), RECONNECT_MAX_MS),
  });
  let outage: JobQueueOutage | undefined;
  connection.on('error', () => {});
  connection.on('reconnecting', (delayMs: number) => {
    outage = { since: outage?.since ?? Date.now(), attempts: (outage?.attempts ?? 0) + 1 };
    options.logger?.warn({ attempt: outage.attempts, retryInMs: delayMs }, 'Redis is unreachable; reconnecting');
  });
  connection.on('ready', () => {
    if (outage) options.logger?.info({ attempts: outage.attempts }, 'Redis is reachable again');
    outage = undefined;
  });
  const queues = new Map<QueueName, Queue>();
  const events = new Map<QueueName, QueueEvents>();
  const workers: Worker[] = [];
  let closed: Promise<void> | undefined;

  function queueFor(name: QueueName): Queue {
    let queue = queues.get(name);
    if (!queue) {
      const { attempts, backoffMs } = definitions[name];
      queue = new Queue(name, {
        connection,
        prefix,
        defaultJobOptions: {
          attempts,
          backoff: { type: 'exponential', delay: backoffMs, jitter: 0.5 },
          removeOnComplete: KEEP_COMPLETED,
          removeOnFail: false,
        },
      });
      queues.set(name, queue);
    }
    return queue;
  }

  async function eventsFor(name: QueueName): Promise<QueueEvents> {
    let queueEvents = events.get(name);
    if (!queueEvents) {
      queueEvents = new QueueEvents(name, { connection: { url: options.redisUrl }, prefix });
      events.set(name, queueEvents);
      await queueEvents.waitUntilReady();
    }
    return queueEvents;
  }

  function startWorker(name: QueueName, handlers: JobHandlerRegistry): Worker {
    const handler = handlers.get(name)!;
    const worker = new Worker(
      name,
      async (job: Job) => {
        try {
          await runJob(definitions, handler, job.data, {
            queue: name,
            jobId: job.id!,
            attempt: job.attemptsMade + 1,
            maxAttempts: job.opts.attempts ?? 1,
            firstTry: job.attemptsStarted <= 1 && job.attemptsMade === 0,
          });
        } catch (error) {
          if (error instanceof PermanentJobError) throw new UnrecoverableError(error.message);
          throw error;
        }
      },
      {
        connection,
        prefix,
        concurrency: options.concurrency ?? JOB_CONCURRENCY,
        ...(options.lockDurationMs && { lockDuration: options.lockDurationMs }),
        ...(options.stalledIntervalMs && { stalledInterval: options.stalledIntervalMs }),
      },
    );
    worker.on('failed', (job, error) => {
      options.logger?.warn({ queue: name, jobId: job?.id, attempt: job?.attemptsMade, err: error }, 'job failed');
    });
    // During an outage every worker connection fails too: the reconnect lines above say it once.
    worker.on('error', (error) => {
      if (!outage && connection.status === 'ready') options.logger?.error({ queue: name, err: error }, 'worker error');
    });
    return worker;
  }

  return {
    kind: 'bullmq',
    async enqueue(name, payload, { jobId, delayMs } = {}) {
      if (jobId !== undefined) assertJobId(jobId);
      const data = parsePayload(definitions, name, payload);
      const job = await queueFor(name).add(name, data, { ...(jobId && { jobId }), ...(delayMs && { delay: delayMs }) });
      return { jobId: job.id! };
    },
    async schedule(name, schedulerId, { everyMs }, payload) {
      assertJobId(schedulerId);
      const data = parsePayload(definitions, name, payload);
      await queueFor(name).upsertJobScheduler(schedulerId, { every: everyMs }, { name, data });
    },
    async waitForJob(name, jobId, timeoutMs): Promise<JobOutcome> {
      const job = await queueFor(name).getJob(jobId);
      if (!job) throw new Error(`No job ${jobId} in queue ${name}`);
      try {
        await job.waitUntilFinished(await eventsFor(name), timeoutMs);
        return 'completed';
      } catch (error) {
        if ((await job.getState()) === 'failed') return 'failed';
        throw error;
      }
    },
    async listFailed(name, { limit = 50 } = {}): Promise<FailedJob[]> {
      const jobs = await queueFor(name).getFailed(0, limit - 1);
      return jobs.map((job) => ({
        queue: name,
        jobId: job.id!,
        payload: job.data,
        error: job.failedReason,
        attemptsMade: job.attemptsMade,
        failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : undefined,
      }));
    },
    outage: () => outage,
    async ping(timeoutMs) {
      await withDeadline(connection.ping(), timeoutMs, 'Redis');
    },
    async startWorkers(handlers) {
      const started = handlers.queues().map((name) => startWorker(name, handlers));
      workers.push(...started);
      await Promise.all(started.map((worker) => worker.waitUntilReady()));
    },
    close() {
      closed ??= (async () => {
        // Workers first: close() waits for the jobs they are running to finish.
        await Promise.all(workers.map((worker) => worker.close()));
        await Promise.all([...events.values()].map((queueEvents) => queueEvents.close()));
        await Promise.all([...queues.values()].map((queue) => queue.close()));
        await connection.quit();
      })();
      return closed;
    },
  };
}
