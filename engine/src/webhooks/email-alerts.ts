import type { WebhookEventType } from '@contrail/shared/webhooks/webhooks';
import type { SqlExecutor } from '../storage/sql.js';

/** An account's choice: the events, of one brand or (null) of every brand it can see. */
export interface AlertSubscription {
  brand: string | null;
  events: WebhookEventType[];
}

/** An alert taken by one run of the job: which event to tell which account about. */
export interface DueAlert {
  eventId: string;
  userId: string;
  type: WebhookEventType;
  brandKey: string;
  bookingId: string;
  /** The booking's reference as staff see it, once the bookings read model has one. */
  reference: string | null;
}

interface DueRow {
  event_id: string;
  user_id: string;
  type: string;
  brand_key: string;
  booking_id: string;
  reference: string | null;
}

/**
 * The subscriptions (one per account) and the alerts due (one per event and subscriber, written by
 * email-alert-projection.ts). A run leases the alerts it takes: should it die before marking one
 * sent, the lease runs out and a later run sends it again (at least once).
 */
export class EmailAlerts {
  constructor(private readonly sql: SqlExecutor) {}

  async subscription(userId: string): Promise<AlertSubscription | undefined> {
    const { rows } = await this.sql.query<{ brand_key: string | null; events: WebhookEventType[] }>(
      'SELECT brand_key, events FROM email_alert_subscriptions WHERE user_id = $1',
      [userId],
    );
    return rows[0] && { brand: rows[0].brand_key, events: rows[0].events };
  }

  /** Saves the choice; no events removes the subscription. Only events after this get alerts. */
  async subscribe(userId: string, subscription: AlertSubscription): Promise<void> {
    if (subscription.events.length === 0) {
      await this.sql.query('DELETE FROM email_alert_subscriptions WHERE user_id = $1', [userId]);
      return;
    }
    await this.sql.query(
      `INSERT INTO email_alert_subscriptions (user_id, brand_key, events, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (user_id) DO UPDATE SET brand_key = EXCLUDED.brand_key, events = EXCLUDED.events, updated_at = now()`,
      [userId, subscription.brand, subscription.events],
    );
  }

  /** Takes up to `limit` pending alerts for `leaseMs`, oldest event first. */
  async claim(limit: number, leaseMs: number): Promise<DueAlert[]> {
    const { rows } = await this.sql.query<DueRow>(
      `WITH due AS (
         SELECT event_id, user_id FROM email_alerts
         WHERE status = 'pending' AND (leased_until IS NULL OR leased_until < now())
         ORDER BY occurred_at LIMIT $1 FOR UPDATE SKIP LOCKED
       )
       UPDATE email_alerts a SET attempts = a.attempts + 1,
         leased_until = now() + make_interval(secs => $2::double precision / 1000)
       FROM due WHERE a.event_id = due.event_id AND a.user_id = due.user_id
       RETURNING a.event_id, a.user_id, a.type, a.brand_key, a.booking_id,
         (SELECT b.reference FROM booking_views b WHERE b.booking_id = a.booking_id) AS reference`,
      [limit, leaseMs],
    );
    return rows.map((row) => ({
      eventId: row.event_id,
      userId: row.user_id,
      type: row.type as WebhookEventType,
      brandKey: row.brand_key,
      bookingId: row.booking_id,
      reference: row.reference,
    }));
  }

  /** Done with: `sent`, or `skipped` when the account may no longer see the brand. */
  async finish(alert: DueAlert, status: 'sent' | 'skipped'): Promise<void> {
    await this.sql.query(
      `UPDATE email_alerts SET status = $3, leased_until = NULL, sent_at = CASE WHEN $3 = 'sent' THEN now() END
       WHERE event_id = $1 AND user_id = $2`,
      [alert.eventId, alert.userId, status],
    );
  }
}
