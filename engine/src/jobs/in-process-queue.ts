import { randomUUID } from 'node:crypto';
import type { Logger } from '../logging/logger.js';
import type { SqlClient } from '../storage/sql.js';
import {
  PermanentJobError,
  assertJobId,
  type FailedJob,
  type JobHandler,
  type JobHandlerRegistry,
  type JobRow,
  type JobOutcome,
  type JobQueue,
  JOB_CONCURRENCY,
} from './job-queue.js';
import { queueDefinitions, type QueueDefinitions, type QueueName } from './queues.js';
import { parsePayload, runJob } from './run-job.js';
import { backoffDelay } from '@contrail/shared/time/backoff';
import { withDeadline } from '../calls/deadline.js';
import { sleep } from '@contrail/shared/time/sleep';

export interface InProcessQueueOptions {
  sql: SqlClient;
  definitions?: QueueDefinitions;
  logger?: Logger;
  /** Jobs run at once, per queue (JOB_CONCURRENCY by default). */
  concurrency?: number;
  /**
   * How often idle workers look for due jobs, all queues in one statement: the fallback for delayed
   * jobs and other processes' enqueues, as enqueues and retries in this process wake a worker at once.
   */
  pollIntervalMs?: number;
  /**
   * How long a claim on a running job lasts unrenewed (JOB_LOCK_MS): this process renews its claims
   * while their jobs run, so a job is retaken after this long only when its process died.
   */
  leaseMs?: number;
  /**
   * The database is this process's alone (the embedded PGlite, which no other process opens): every
   * claim found at start is a previous run's, freed at once instead of after its lease. Never on a
   * PostgreSQL server that several engines may share, where a claim may be a live engine's.
   */
  freeLeasesAtStart?: boolean;
}

const KEEP_COMPLETED_MS = 7 * 24 * 3600 * 1000;
/** Claims are renewed three times per lease, so one late renewal on a busy event loop loses nothing. */
const RENEWALS_PER_LEASE = 3;

interface ClaimedJob {
  job_id: string;
  payload: unknown;
  attempts_made: number;
  max_attempts: number;
}

const iso = (milliseconds: number) => new Date(milliseconds).toISOString();

/**
 * The embedded default: jobs live in the `job_queue` table of the engine's own database (PGlite
 * or PostgreSQL), so they survive a restart, and the same handlers as in BullMQ run in-process.
 * Workers claim a due job with FOR UPDATE SKIP LOCKED and hold a lease on it, in this process's
 * name, renewed while the job runs; a job whose lease ran out (its process died) is claimed again,
 * which is what makes delivery at-least-once.
 */
export function inProcessJobQueue(options: InProcessQueueOptions): JobQueue {
  const { sql } = options;
  const definitions = options.definitions ?? queueDefinitions;
  const concurrency = options.concurrency ?? JOB_CONCURRENCY;
  const pollIntervalMs = options.pollIntervalMs ?? 2_000;
  const leaseMs = options.leaseMs ?? 30_000;
  /** Whose claims this process renews: a claim another process took over is never extended here. */
  const owner = randomUUID();
  let jobsRunning = 0;
  let renewing = false;
  let renewal: NodeJS.Timeout | undefined;
  let closing = false;
  let closed: Promise<void> | undefined;
  const loops: Promise<void>[] = [];
  const sleepers = new Map<QueueName, Set<() => void>>();
  /** Queues woken since their claimer last looked: its next nap is skipped, so no wake is lost. */
  const woken = new Set<QueueName>();
  const timers = new Set<NodeJS.Timeout>();

  function wake(queue: QueueName): void {
    woken.add(queue);
    for (const wakeUp of sleepers.get(queue) ?? []) wakeUp();
  }

  /** Until something wakes the queue: an enqueue or retry here, the due-job poll, or close. */
  function nap(queue: QueueName): Promise<void> {
    // Closing wakes only the claimers asleep then: one still claiming must not fall asleep after.
    if (closing || woken.has(queue)) return Promise.resolve();
    return new Promise((resolve) => {
      const set = sleepers.get(queue) ?? new Set();
      sleepers.set(queue, set);
      const done = () => {
        set.delete(done);
        resolve();
      };
      set.add(done);
    });
  }

  /** One statement for every queue: wakes those with a due job (delayed, or enqueued by another process). */
  async function pollDueJobs(queues: readonly QueueName[]): Promise<void> {
    try {
      const now = iso(Date.now());
      const { rows } = await sql.query<{ queue: QueueName }>(
        `SELECT DISTINCT queue FROM job_queue
         WHERE queue = ANY($1::text[]) AND ((state = 'waiting' AND run_at <= $2::timestamptz) OR (state = 'active' AND locked_until < $2::timestamptz))`,
        [queues, now],
      );
      for (const { queue } of rows) wake(queue);
    } catch (error) {
      if (!closing) options.logger?.error({ err: error }, 'could not look for due jobs');
    }
    if (closing) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void pollDueJobs(queues);
    }, pollIntervalMs);
    timers.add(timer);
  }

  /** Claims up to `count` due jobs in one statement, the longest due first. */
  async function claim(queue: QueueName, count: number): Promise<ClaimedJob[]> {
    const now = Date.now();
    const { rows } = await sql.query<ClaimedJob>(
      `UPDATE job_queue SET state = 'active', attempts_made = attempts_made + 1, locked_until = $3::timestamptz, locked_by = $5
       WHERE (queue, job_id) IN (
         SELECT queue, job_id FROM job_queue
         WHERE queue = $1 AND ((state = 'waiting' AND run_at <= $2::timestamptz) OR (state = 'active' AND locked_until < $2::timestamptz))
         ORDER BY run_at LIMIT $4 FOR UPDATE SKIP LOCKED)
       RETURNING job_id, payload, attempts_made, max_attempts`,
      [queue, iso(now), iso(now + leaseMs), count, owner],
    );
    return rows;
  }

  async function settle(queue: QueueName, job: ClaimedJob, error: unknown): Promise<void> {
    const now = Date.now();
    const owned = [queue, job.job_id, job.attempts_made];
    if (error === undefined) {
      await sql.query(
        `UPDATE job_queue SET state = 'completed', finished_at = $4::timestamptz, locked_until = NULL, locked_by = NULL
         WHERE queue = $1 AND job_id = $2 AND state = 'active' AND attempts_made = $3`,
        [...owned, iso(now)],
      );
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    const final = error instanceof PermanentJobError || job.attempts_made >= job.max_attempts;
    const retryInMs = backoffDelay(job.attempts_made, { firstMs: definitions[queue].backoffMs, jitter: 0.5 });
    options.logger?.warn({ queue, jobId: job.job_id, attempt: job.attempts_made, final, err: error }, 'job failed');
    await sql.query(
      final
        ? `UPDATE job_queue SET state = 'failed', finished_at = $4::timestamptz, locked_until = NULL, locked_by = NULL, last_error = $5
           WHERE queue = $1 AND job_id = $2 AND state = 'active' AND attempts_made = $3`
        : `UPDATE job_queue SET state = 'waiting', run_at = $4::timestamptz, locked_until = NULL, locked_by = NULL, last_error = $5
           WHERE queue = $1 AND job_id = $2 AND state = 'active' AND attempts_made = $3`,
      [...owned, iso(final ? now : now + retryInMs), message],
    );
    // The retry is due before the next fallback poll, most often: wake the claimer then.
    if (!final && !closing) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        wake(queue);
      }, retryInMs);
      timers.add(timer);
    }
  }

  /** Extends every claim this process holds, in one statement; idle, it sends nothing. */
  async function renewLeases(): Promise<void> {
    if (jobsRunning > 0) {
      await sql
        .query(`UPDATE job_queue SET locked_until = $2::timestamptz WHERE state = 'active' AND locked_by = $1`, [
          owner,
          iso(Date.now() + leaseMs),
        ])
        .catch((error: unknown) => options.logger?.error({ err: error }, 'could not renew the job leases'));
    }
    scheduleRenewal();
  }

  function scheduleRenewal(): void {
    if (renewing) renewal = setTimeout(() => void renewLeases(), leaseMs / RENEWALS_PER_LEASE);
  }

  /** Before this process claims anything: the jobs a previous run was running are due again (freeLeasesAtStart). */
  async function freePreviousLeases(): Promise<void> {
    const { rowCount } = await sql.query(
      `UPDATE job_queue SET state = 'waiting', locked_until = NULL, locked_by = NULL WHERE state = 'active'`,
    );
    if (rowCount > 0) options.logger?.info({ jobs: rowCount }, 'freed the jobs a previous run was running');
  }

  async function execute(queue: QueueName, handler: JobHandler<QueueName>, job: ClaimedJob): Promise<void> {
    const context = {
      queue,
      jobId: job.job_id,
      attempt: job.attempts_made,
      maxAttempts: job.max_attempts,
      // attempts_made counts every claim, so a lease that ran out (a dead worker) counts too.
      firstTry: job.attempts_made === 1,
    };
    const outcome = await runJob(definitions, handler, job.payload, context).then(
      () => undefined,
      (error: unknown) => error ?? new Error('job failed'),
    );
    await settle(queue, job, outcome).catch((error: unknown) =>
      options.logger?.error({ queue, err: error }, 'could not settle a job'),
    );
  }

  /**
   * One claimer per queue feeds up to `concurrency` running jobs, claiming as many as there are
   * free slots in one statement; a claim that finds fewer jobs than it asked for has emptied the
   * queue, so the claimer naps until woken (an enqueue, a retry falling due, or the due-job poll).
   */
  async function work(queue: QueueName, handler: JobHandler<QueueName>): Promise<void> {
    const running = new Set<Promise<void>>();
    while (!closing) {
      if (running.size >= concurrency) {
        await Promise.race(running);
        continue;
      }
      const wanted = concurrency - running.size;
      woken.delete(queue);
      let jobs: ClaimedJob[] = [];
      try {
        jobs = await claim(queue, wanted);
      } catch (error) {
        options.logger?.error({ queue, err: error }, 'could not claim a job');
      }
      for (const job of jobs) {
        jobsRunning += 1;
        const execution: Promise<void> = execute(queue, handler, job).finally(() => {
          jobsRunning -= 1;
          running.delete(execution);
        });
        running.add(execution);
      }
      if (jobs.length < wanted) await nap(queue);
    }
    await Promise.all(running);
  }

  async function enqueue(
    queue: QueueName,
    payload: unknown,
    { jobId, delayMs }: { jobId?: string; delayMs?: number } = {},
  ) {
    if (jobId !== undefined) assertJobId(jobId);
    const id = jobId ?? randomUUID();
    const data = parsePayload(definitions, queue, payload);
    await sql.query(
      `INSERT INTO job_queue (queue, job_id, payload, state, max_attempts, run_at)
       VALUES ($1, $2, $3::jsonb, 'waiting', $4, $5::timestamptz) ON CONFLICT (queue, job_id) DO NOTHING`,
      [queue, id, JSON.stringify(data), definitions[queue].attempts, iso(Date.now() + (delayMs ?? 0))],
    );
    if (!delayMs) wake(queue);
    return { jobId: id };
  }

  return {
    kind: 'in-process',
    enqueue,
    rows: {
      sql,
      row(queue, payload, { jobId, delayMs }): JobRow {
        assertJobId(jobId);
        return {
          queue,
          job_id: jobId,
          payload: parsePayload(definitions, queue, payload),
          max_attempts: definitions[queue].attempts,
          run_at: iso(Date.now() + (delayMs ?? 0)),
          due: !delayMs,
        };
      },
      insert: (param, guard) =>
        `INSERT INTO job_queue (queue, job_id, payload, state, max_attempts, run_at)
         SELECT job.queue, job.job_id, job.payload, 'waiting', job.max_attempts, job.run_at
         FROM jsonb_to_recordset(${param}::jsonb) AS job(queue text, job_id text, payload jsonb, max_attempts int, run_at timestamptz)
         WHERE ${guard}
         ON CONFLICT (queue, job_id) DO NOTHING`,
      written(rows) {
        for (const queue of new Set(rows.filter((row) => row.due).map((row) => row.queue))) wake(queue);
      },
    },
    async schedule(queue, schedulerId, { everyMs }, payload) {
      assertJobId(schedulerId);
      parsePayload(definitions, queue, payload);
      // One job id per period: several engine processes on one database enqueue each period once.
      const tick = async () => {
        timers.delete(timer);
        if (closing) return;
        const slot = Math.floor(Date.now() / everyMs);
        await enqueue(queue, payload, { jobId: `${schedulerId}-${slot}` }).catch((error: unknown) =>
          options.logger?.error({ queue, schedulerId, err: error }, 'could not enqueue a scheduled job'),
        );
        timer = setTimeout(() => void tick(), everyMs - (Date.now() % everyMs) + 1);
        timers.add(timer);
      };
      let timer = setTimeout(() => void tick(), 0);
      timers.add(timer);
    },
    async waitForJob(queue, jobId, timeoutMs): Promise<JobOutcome> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = await sql.query<{ state: string }>(
          'SELECT state FROM job_queue WHERE queue = $1 AND job_id = $2',
          [queue, jobId],
        );
        const state = rows[0]?.state;
        if (state === undefined) throw new Error(`No job ${jobId} in queue ${queue}`);
        if (state === 'completed' || state === 'failed') return state;
        if (Date.now() > deadline)
          throw new Error(`Job ${jobId} in queue ${queue} did not finish within ${timeoutMs}ms`);
        await sleep(20);
      }
    },
    async listFailed(queue, { limit = 50 } = {}): Promise<FailedJob[]> {
      const { rows } = await sql.query<{
        job_id: string;
        payload: unknown;
        last_error: string | null;
        attempts_made: number;
        finished_at: Date | string | null;
      }>(
        `SELECT job_id, payload, last_error, attempts_made, finished_at FROM job_queue
         WHERE queue = $1 AND state = 'failed' ORDER BY finished_at DESC LIMIT $2`,
        [queue, limit],
      );
      return rows.map((row) => ({
        queue,
        jobId: row.job_id,
        payload: row.payload,
        error: row.last_error ?? '',
        attemptsMade: Number(row.attempts_made),
        failedAt: row.finished_at === null ? undefined : new Date(row.finished_at).toISOString(),
      }));
    },
    // The job table lives in the engine's own database: its outages are the database's.
    outage: () => undefined,
    async ping(timeoutMs) {
      await withDeadline(sql.query('SELECT 1'), timeoutMs, 'the job table');
    },
    async startWorkers(handlers: JobHandlerRegistry) {
      await sql.query(`DELETE FROM job_queue WHERE state = 'completed' AND finished_at < $1::timestamptz`, [
        iso(Date.now() - KEEP_COMPLETED_MS),
      ]);
      if (options.freeLeasesAtStart) await freePreviousLeases();
      renewing = true;
      scheduleRenewal();
      for (const queue of handlers.queues()) {
        loops.push(work(queue, handlers.get(queue)!));
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        void pollDueJobs(handlers.queues());
      }, pollIntervalMs);
      timers.add(timer);
    },
    close() {
      closing = true;
      for (const timer of timers) clearTimeout(timer);
      for (const queue of sleepers.keys()) wake(queue);
      // The jobs still running keep their claims until they end.
      closed ??= Promise.all(loops).then(() => {
        renewing = false;
        clearTimeout(renewal);
      });
      return closed;
    },
  };
}
