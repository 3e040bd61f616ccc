import type { WebhookDelivery, WebhookDeliveryStatus, WebhookEventType } from '@contrail/shared/webhooks/webhooks';
import type { SqlExecutor } from '../storage/sql.js';

/** A delivery taken by one worker: what to send where. */
export interface ClaimedDelivery {
  endpointId: string;
  eventId: string;
  url: string;
  secret: string;
  body: string;
  /** Tries so far, this one included. */
  attempts: number;
  firstDueAt: Date;
}

interface ClaimedRow {
  endpoint_id: string;
  event_id: string;
  url: string;
  secret: string;
  body: string;
  attempts: number;
  created_at: Date | string;
}

interface LogRow {
  event_id: string;
  type: string;
  status: string;
  attempts: number;
  last_error: string | null;
  last_status: number | null;
  next_attempt_at: Date | string | null;
  delivered_at: Date | string | null;
  created_at: Date | string;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The deliveries due, one row per endpoint and event (written by projection.ts). A worker takes
 * due rows with a lease: should it die mid-delivery, the lease runs out and another worker takes
 * the row again, so each event reaches its endpoint at least once, under the same event id.
 */
export class WebhookDeliveries {
  constructor(private readonly sql: SqlExecutor) {}

  /** Takes up to `limit` due deliveries of enabled endpoints for `leaseMs`, counting the try. */
  async claim(limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
    const { rows } = await this.sql.query<ClaimedRow>(
      `WITH due AS (
         SELECT d.endpoint_id, d.event_id FROM webhook_deliveries d
         JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.enabled
         WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND (d.leased_until IS NULL OR d.leased_until < now())
         ORDER BY d.next_attempt_at LIMIT $1 FOR UPDATE OF d SKIP LOCKED
       )
       UPDATE webhook_deliveries d SET attempts = d.attempts + 1, leased_until = now() + make_interval(secs => $2::double precision / 1000)
       FROM due, webhook_endpoints e, webhook_events v
       WHERE d.endpoint_id = due.endpoint_id AND d.event_id = due.event_id AND e.id = d.endpoint_id AND v.event_id = d.event_id
       RETURNING d.endpoint_id, d.event_id, e.url, e.secret, v.body, d.attempts, d.created_at`,
      [limit, leaseMs],
    );
    return rows.map((row) => ({
      endpointId: row.endpoint_id,
      eventId: row.event_id,
      url: row.url,
      secret: row.secret,
      body: row.body,
      attempts: row.attempts,
      firstDueAt: new Date(row.created_at),
    }));
  }

  async delivered(delivery: ClaimedDelivery, status: number): Promise<void> {
    await this.sql.query(
      `UPDATE webhook_deliveries SET status = 'delivered', last_status = $3, last_error = NULL, delivered_at = now(),
         next_attempt_at = NULL, leased_until = NULL WHERE endpoint_id = $1 AND event_id = $2`,
      [delivery.endpointId, delivery.eventId, status],
    );
  }

  /** A failed try: retried at `retryAt`, or failed for good without one. */
  async failed(
    delivery: ClaimedDelivery,
    outcome: { error: string; status: number | null; retryAt: Date | undefined },
  ): Promise<void> {
    await this.sql.query(
      `UPDATE webhook_deliveries SET status = $3, last_error = $4, last_status = $5, next_attempt_at = $6,
         leased_until = NULL WHERE endpoint_id = $1 AND event_id = $2`,
      [
        delivery.endpointId,
        delivery.eventId,
        outcome.retryAt ? 'pending' : 'failed',
        outcome.error.slice(0, 500),
        outcome.status,
        outcome.retryAt?.toISOString() ?? null,
      ],
    );
  }

  /** "Send again": due now, whatever became of it; the receiver gets the same event id. False if unknown. */
  async sendAgain(endpointId: string, eventId: string): Promise<boolean> {
    const { rowCount } = await this.sql.query(
      `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now(), leased_until = NULL, created_at = now()
       WHERE endpoint_id = $1 AND event_id = $2`,
      [endpointId, eventId],
    );
    return rowCount > 0;
  }

  /** The endpoint's log, newest first. */
  async log(endpointId: string, limit = 100): Promise<WebhookDelivery[]> {
    const { rows } = await this.sql.query<LogRow>(
      `SELECT d.event_id, v.type, d.status, d.attempts, d.last_error, d.last_status, d.next_attempt_at,
         d.delivered_at, d.created_at
       FROM webhook_deliveries d JOIN webhook_events v ON v.event_id = d.event_id
       WHERE d.endpoint_id = $1 ORDER BY v.occurred_at DESC, d.event_id LIMIT $2`,
      [endpointId, limit],
    );
    return rows.map((row) => ({
      eventId: row.event_id,
      type: row.type as WebhookEventType,
      status: row.status as WebhookDeliveryStatus,
      attempts: row.attempts,
      lastError: row.last_error,
      lastStatus: row.last_status,
      nextAttemptAt: iso(row.next_attempt_at),
      deliveredAt: iso(row.delivered_at),
      createdAt: iso(row.created_at)!,
    }));
  }
}
