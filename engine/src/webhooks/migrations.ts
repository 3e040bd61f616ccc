import type { Migration } from '../storage/migrations.js';

/**
 * Webhook endpoints (configuration), the webhook events (what each delivery sends, derived from the
 * event store by projection.ts) and one delivery per endpoint and event, with its retry state.
 * Then staff email alerts: one subscription per account, and one alert per event and subscriber
 * (derived by email-alert-projection.ts), sent once by the send-email-alerts job.
 */
export const webhookMigrations: Migration[] = [
  {
    id: '820_webhooks',
    sql: `
CREATE TABLE webhook_endpoints (
  id text PRIMARY KEY,
  brand_key text,
  url text NOT NULL,
  events text[] NOT NULL,
  description text NOT NULL DEFAULT '',
  secret text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL
);
CREATE TABLE webhook_events (
  event_id text PRIMARY KEY,
  type text NOT NULL,
  brand_key text NOT NULL,
  body text NOT NULL,
  occurred_at timestamptz NOT NULL
);
CREATE TABLE webhook_deliveries (
  endpoint_id text NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_id text NOT NULL REFERENCES webhook_events (event_id),
  status text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  last_status integer,
  next_attempt_at timestamptz,
  leased_until timestamptz,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (endpoint_id, event_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
`,
  },
  {
    id: '850_email_alerts',
    sql: `
CREATE TABLE email_alert_subscriptions (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  brand_key text,
  events text[] NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE email_alerts (
  event_id text NOT NULL,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL,
  brand_key text NOT NULL,
  booking_id text NOT NULL,
  occurred_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  leased_until timestamptz,
  sent_at timestamptz,
  PRIMARY KEY (event_id, user_id)
);
CREATE INDEX email_alerts_pending ON email_alerts (occurred_at) WHERE status = 'pending';
`,
  },
];
