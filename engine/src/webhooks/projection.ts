import type { Projection } from '../projections/projection.js';
import { webhookEventOf } from './webhook-event.js';

/** The events webhook-event.ts maps (a repaired order or capture is a reconciliation mismatch). */
export const WEBHOOK_SOURCE_EVENTS = [
  'BookingConfirmed',
  'OrderFailed',
  'BookingCancelled',
  'RefundIssued',
  'OrderCreated',
  'PaymentCaptured',
  'ScheduleChangeDetected',
];

/**
 * The deliveries due, derived from the event store (no dual write: a request or job records its
 * event and stops; this projection, in the transaction that moves its checkpoint, records the
 * webhook event once and one pending delivery per enabled endpoint subscribed to it at the time:
 * of the event's brand, or platform-wide, created before the event). The deliver-webhooks job
 * sends them.
 *
 * Its reset keeps everything: the rows are a record of what was sent, not a view to recompute;
 * replaying from the first event only adds what is missing (each row once by its key), so a
 * rebuild never sends an event again.
 */
export const webhookProjection: Projection = {
  name: 'webhook-deliveries',
  eventTypes: WEBHOOK_SOURCE_EVENTS,
  async apply(tx, recorded) {
    const body = webhookEventOf(recorded);
    if (!body) return;
    await tx.query(
      `WITH event AS (
         INSERT INTO webhook_events (event_id, type, brand_key, body, occurred_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (event_id) DO NOTHING RETURNING event_id
       )
       INSERT INTO webhook_deliveries (endpoint_id, event_id, next_attempt_at)
       SELECT e.id, event.event_id, now() FROM webhook_endpoints e, event
       WHERE e.enabled AND $2 = ANY(e.events) AND (e.brand_key IS NULL OR e.brand_key = $3) AND e.created_at <= $5
       ON CONFLICT DO NOTHING`,
      [body.id, body.type, body.brand, JSON.stringify(body), body.createdAt],
    );
  },
  async reset() {},
};
