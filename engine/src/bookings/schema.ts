import type { Migration } from '../storage/migrations.js';

/** The bookings read model, idempotent booking requests, contact lookups and the email outbox. */
export const bookingMigrations: Migration[] = [
  {
    id: '310_bookings',
    sql: `
CREATE TABLE booking_views (
  booking_id text PRIMARY KEY,
  brand_key text NOT NULL,
  customer_id text,
  status text NOT NULL,
  reference text,
  order_id text,
  offer_id text NOT NULL,
  amount bigint NOT NULL,
  currency text NOT NULL,
  departs_at timestamptz,
  arrives_at timestamptz,
  state jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX booking_views_customer ON booking_views (customer_id, created_at DESC);
CREATE INDEX booking_views_brand ON booking_views (brand_key, created_at DESC);
CREATE INDEX booking_views_reference ON booking_views (reference);
CREATE INDEX booking_views_due ON booking_views (status, arrives_at);

CREATE TABLE booking_requests (
  brand_key text NOT NULL,
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  booking_id text NOT NULL,
  state text NOT NULL CHECK (state IN ('running', 'pending', 'done')),
  status integer,
  response jsonb,
  sealed_secret jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (brand_key, idempotency_key)
);

CREATE TABLE booking_contacts (
  booking_id text PRIMARY KEY,
  brand_key text NOT NULL,
  email_hash text NOT NULL
);
CREATE INDEX booking_contacts_email ON booking_contacts (brand_key, email_hash);

CREATE TABLE email_outbox (
  id text PRIMARY KEY,
  booking_id text NOT NULL,
  brand_key text NOT NULL,
  kind text NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  html text NOT NULL,
  text_body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  UNIQUE (booking_id, kind)
);
`,
  },
];
