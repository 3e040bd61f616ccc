import type { Projection } from '../projections/projection.js';
import { WEBHOOK_SOURCE_EVENTS } from './projection.js';
import { webhookEventOf } from './webhook-event.js';

/**
 * The staff email alerts due, derived from the event store as webhooks are (the same mapping,
 * webhook-event.ts): in the transaction that moves its checkpoint, one pending alert per account
 * subscribed to the event's type, for its brand or for every brand, since before the event. Whether
 * the account may still see that brand is asked when the alert is sent (email-alerts.ts).
 *
 * Its reset keeps everything: an alert row is a record of what was sent; replaying adds only the
 * missing rows (one per event and subscriber), so a rebuild never emails anyone twice.
 */
export const emailAlertProjection: Projection = {
  name: 'email-alerts',
  eventTypes: WEBHOOK_SOURCE_EVENTS,
  async apply(tx, recorded) {
    const body = webhookEventOf(recorded);
    if (!body) return;
    await tx.query(
      `INSERT INTO email_alerts (event_id, user_id, type, brand_key, booking_id, occurred_at)
       SELECT $1, s.user_id, $2, $3, $4, $5 FROM email_alert_subscriptions s
       WHERE $2 = ANY(s.events) AND (s.brand_key IS NULL OR s.brand_key = $3) AND s.updated_at <= $5
       ON CONFLICT DO NOTHING`,
      [body.id, body.type, body.brand, body.data.bookingId, body.createdAt],
    );
  },
  async reset() {},
};
