import type { JobHandler } from '../jobs/job-queue.js';
import type { Logger } from '../logging/logger.js';
import type { SqlExecutor } from '../storage/sql.js';
import { WebhookDeliveries, type ClaimedDelivery } from './deliveries.js';
import { nextAttemptAt } from './retry-schedule.js';
import { sendWebhook } from './send.js';
import { signedHeaders } from './signature.js';

export interface WebhookDeliveryDeps {
  sql: SqlExecutor;
  logger: Logger;
  /** Each call waits at most this long for the whole answer. */
  timeoutMs: number;
  allowPrivate: boolean;
}

/** An endpoint has this long to answer each delivery. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Deliveries sent at once by one run. */
const BATCH = 16;
/** Batches one run sends at most before it ends (the next run, seconds later, goes on). */
const MOST_BATCHES = 20;

async function deliverOne(deps: WebhookDeliveryDeps, deliveries: WebhookDeliveries, delivery: ClaimedDelivery) {
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = signedHeaders(delivery.secret, delivery.eventId, timestamp, delivery.body);
  const outcome = await sendWebhook(delivery.url, headers, delivery.body, deps);
  if (outcome.ok) return deliveries.delivered(delivery, outcome.status!);
  const retryAt = nextAttemptAt(delivery.firstDueAt, delivery.attempts, new Date(), Math.random());
  deps.logger.warn(
    { endpointId: delivery.endpointId, eventId: delivery.eventId, attempts: delivery.attempts, error: outcome.error },
    retryAt ? 'a webhook delivery failed; retrying later' : 'a webhook delivery failed for 72 hours; giving up',
  );
  await deliveries.failed(delivery, { error: outcome.error ?? 'failed', status: outcome.status, retryAt });
}

/**
 * Sends the deliveries that are due, batch by batch. A delivery is leased for longer than its call
 * may take: a worker that dies mid-call leaves it to the next run once the lease ends, and the
 * receiver gets it again under the same event id (at least once).
 */
export async function deliverDueWebhooks(deps: WebhookDeliveryDeps): Promise<number> {
  const deliveries = new WebhookDeliveries(deps.sql);
  const leaseMs = 2 * deps.timeoutMs + 5_000;
  let sent = 0;
  for (let batch = 0; batch < MOST_BATCHES; batch++) {
    const claimed = await deliveries.claim(BATCH, leaseMs);
    await Promise.all(claimed.map((delivery) => deliverOne(deps, deliveries, delivery)));
    sent += claimed.length;
    if (claimed.length < BATCH) break;
  }
  return sent;
}

/** The periodic deliver-webhooks job. */
export function deliverWebhooksHandler(deps: WebhookDeliveryDeps): JobHandler<'deliver-webhooks'> {
  return async () => {
    await deliverDueWebhooks(deps);
  };
}
