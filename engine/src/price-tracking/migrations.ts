import type { Migration } from '../storage/migrations.js';

/**
 * Issue 34, price tracking: the alerts' read model and their checks (projection.ts), the address
 * of an alert tracked by email (personal data kept apart from the events, erased with the row), and
 * an outbox key that allows one email per alert and check (the outbox was one per booking and kind).
 */
export const priceTrackingMigrations: Migration[] = [
  {
    id: '360_price_trackings',
    sql: `CREATE TABLE price_trackings (
  tracking_id text PRIMARY KEY,
  brand_key text NOT NULL,
  customer_id text,
  search_key text NOT NULL,
  search jsonb NOT NULL,
  drop_rule jsonb NOT NULL,
  status text NOT NULL,
  started_at timestamptz NOT NULL,
  last_checked_at timestamptz
);
CREATE INDEX price_trackings_customer ON price_trackings (customer_id, started_at DESC);
CREATE INDEX price_trackings_active ON price_trackings (brand_key, search_key) WHERE status = 'active';

CREATE TABLE price_tracking_checks (
  tracking_id text NOT NULL,
  check_key text NOT NULL,
  brand_key text NOT NULL,
  checked_at timestamptz NOT NULL,
  cheapest_minor bigint,
  currency text,
  departure_date text,
  baseline_minor bigint,
  dropped boolean NOT NULL,
  cost integer NOT NULL,
  PRIMARY KEY (tracking_id, check_key)
);
CREATE INDEX price_tracking_checks_brand_day ON price_tracking_checks (brand_key, checked_at);

CREATE TABLE price_tracking_contacts (
  tracking_id text PRIMARY KEY,
  email text NOT NULL
);`,
  },
  {
    id: '361_email_outbox_keys',
    sql: `ALTER TABLE email_outbox ADD COLUMN outbox_key text;
ALTER TABLE email_outbox ADD COLUMN headers jsonb;
CREATE UNIQUE INDEX email_outbox_key ON email_outbox (outbox_key);`,
  },
];
