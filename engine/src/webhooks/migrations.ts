import type { Migration } from '../storage/migrations.js';

/**
 * Webhook endpoints (configuration), the webhook events (what each delivery sends, derived from the
 * event store by projection.ts) and one delivery per endpoint and event, with its retry state.
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
];
