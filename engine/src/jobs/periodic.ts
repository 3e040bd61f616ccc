import type { JobHandlerRegistry, JobQueue } from './job-queue.js';
import type { JobInput, QueueName } from './queues.js';

interface PeriodicJob<Q extends QueueName = QueueName> {
  queue: Q;
  schedulerId: string;
  everyMs: number;
  payload: JobInput<Q>;
}

/** The periodic work of the platform. Scheduling is idempotent (upsert by scheduler id). */
export const periodicJobs: PeriodicJob[] = [
  { queue: 'complete-trips', schedulerId: 'complete-trips', everyMs: 15 * 60_000, payload: {} },
  // Often enough that a checkout learns of an expired or repriced offer within a minute.
  { queue: 'recheck-offers', schedulerId: 'recheck-offers', everyMs: 60_000, payload: {} },
  // An unused hold is voided within a minute of its grace period ending.
  { queue: 'expire-payments', schedulerId: 'expire-payments', everyMs: 60_000, payload: {} },
  // Webhooks reach their endpoints within seconds of the event (retries wait in the deliveries' rows);
  // not more often: each run is a job row the in-process queue keeps for a week.
  { queue: 'deliver-webhooks', schedulerId: 'deliver-webhooks', everyMs: 15_000, payload: {} },
  // Staff email alerts likewise, within a minute of the event.
  { queue: 'send-email-alerts', schedulerId: 'send-email-alerts', everyMs: 30_000, payload: {} },
  // Price alerts (issue 34): each search is checked at most once per PRICE_ALERT_INTERVAL; this only finds the due ones.
  { queue: 'check-tracked-prices', schedulerId: 'check-tracked-prices', everyMs: 15 * 60_000, payload: {} },
  // Often enough that an unused hold is voided within minutes of its offer expiring.
  { queue: 'reconcile', schedulerId: 'reconcile', everyMs: 5 * 60_000, payload: {} },
];

/** Schedules each periodic job whose queue has a handler. */
export async function schedulePeriodicJobs(jobs: JobQueue, handlers: JobHandlerRegistry): Promise<void> {
  for (const job of periodicJobs) {
    if (handlers.get(job.queue)) await jobs.schedule(job.queue, job.schedulerId, { everyMs: job.everyMs }, job.payload);
  }
}
