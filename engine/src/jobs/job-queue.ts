import type { JobInput, JobPayload, QueueName } from './queues.js';

/**
 * The background-job port. Adapters: BullMQ on Redis (scaled shape, run by `workers/`) and an
 * in-process queue on the SQL database (embedded default). Both give the same guarantees:
 * - a job id is unique per queue: enqueueing an id that is known (waiting, running, done or
 *   failed and still retained) adds nothing, so enqueue is idempotent;
 * - delivery is at least once: a crashed worker's job runs again, so handlers must be
 *   idempotent (key their effects by the job's id or by the booking);
 * - a thrown error retries with exponential backoff and jitter up to the queue's attempts;
 *   PermanentJobError (or an invalid payload) fails the job at once;
 * - failed jobs are kept and listable.
 */
export interface JobContext {
  queue: QueueName;
  jobId: string;
  /** 1 on the first try; counts failed tries (a try whose worker died is retaken without counting). */
  attempt: number;
  maxAttempts: number;
  /** False when an earlier try of this job started (and may have done part of its work): failed, or its worker died. */
  firstTry: boolean;
}

export type JobHandler<Q extends QueueName> = (payload: JobPayload<Q>, context: JobContext) => Promise<void>;

export interface EnqueueOptions {
  /** Idempotency key: letters, digits, `_`, `.`, `-`; not all digits. Default: a random id. */
  jobId?: string;
  delayMs?: number;
}

export interface FailedJob {
  queue: QueueName;
  jobId: string;
  payload: unknown;
  error: string;
  attemptsMade: number;
  failedAt: string | undefined;
}

export type JobOutcome = 'completed' | 'failed';

export interface JobQueueOutage {
  /** Epoch milliseconds of the first failed reconnect. */
  since: number;
  attempts: number;
}

export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process';
  enqueue<Q extends QueueName>(queue: Q, payload: JobInput<Q>, options?: EnqueueOptions): Promise<{ jobId: string }>;
  /** Creates or replaces a periodic job: `payload` is enqueued every `everyMs`, the first time at once. */
  schedule<Q extends QueueName>(
    queue: Q,
    schedulerId: string,
    every: { everyMs: number },
    payload: JobInput<Q>,
  ): Promise<void>;
  /** Resolves when the job has completed or finally failed; rejects after `timeoutMs`. */
  waitForJob(queue: QueueName, jobId: string, timeoutMs: number): Promise<JobOutcome>;
  /** Jobs that failed for good, newest first. */
  listFailed(queue: QueueName, options?: { limit?: number }): Promise<FailedJob[]>;
  /** Since when (and after how many reconnect attempts) the queue's storage is unreachable; undefined while it is fine. */
  outage(): JobQueueOutage | undefined;
  /** Resolves when the queue's storage answers within `timeoutMs`; rejects otherwise. */
  ping(timeoutMs: number): Promise<void>;
  /**
   * Only a queue whose jobs are rows of an SQL database (the in-process queue): jobs to write
   * inside another statement on that database, atomically with it.
   */
  readonly rows?: JobRows;
  /** Runs the registered handlers in this process until close(). */
  startWorkers(handlers: JobHandlerRegistry): Promise<void>;
  /** Stops taking jobs, lets running ones finish, then disconnects. */
  close(): Promise<void>;
}

/** A SQL-backed queue's jobs written by another statement (see JobQueue.rows). */
export interface JobRows {
  /** The database the job rows live in. */
  sql: unknown;
  /** A job as a row, its payload checked (throws as enqueue would); `delayMs` from now. */
  row<Q extends QueueName>(queue: Q, payload: JobInput<Q>, options: { jobId: string; delayMs?: number }): JobRow;
  /**
   * The statement that inserts the rows given as the jsonb parameter `param`, each job once by its
   * id (as enqueue), and only when `guard` (an SQL condition) holds.
   */
  insert(param: string, guard: string): string;
  /** Once the rows are committed: the queues of jobs due now are woken, as an enqueue wakes them. */
  written(rows: readonly JobRow[]): void;
}

export interface JobRow {
  queue: QueueName;
  job_id: string;
  payload: unknown;
  max_attempts: number;
  run_at: string;
  due: boolean;
}

/** Jobs at once per queue and process: the jobs wait on providers and the database, rarely on the CPU. */
export const JOB_CONCURRENCY = 16;

/** Throw from a handler when retrying cannot help (the booking is gone, the input is wrong...). */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

const JOB_ID = /^[\w.-]{1,200}$/;

/** BullMQ's rules for custom ids (no `:`, not an integer), kept by both adapters. */
export function assertJobId(jobId: string): void {
  if (!JOB_ID.test(jobId) || /^\d+$/.test(jobId)) {
    throw new Error(`Invalid job id "${jobId}": use letters, digits, _ . - and not only digits`);
  }
}

/** Which handler runs each queue. Capabilities register theirs when the runtime is built. */
export class JobHandlerRegistry {
  readonly #handlers = new Map<QueueName, JobHandler<QueueName>>();

  register<Q extends QueueName>(queue: Q, handler: JobHandler<Q>): this {
    if (this.#handlers.has(queue)) throw new Error(`A handler for queue ${queue} is already registered`);
    this.#handlers.set(queue, handler as unknown as JobHandler<QueueName>);
    return this;
  }

  get<Q extends QueueName>(queue: Q): JobHandler<Q> | undefined {
    return this.#handlers.get(queue) as JobHandler<Q> | undefined;
  }

  queues(): QueueName[] {
    return [...this.#handlers.keys()];
  }
}
