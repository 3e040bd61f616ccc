import type { Migration } from '../storage/migrations.js';

/** The bookings read model, idempotent booking and card requests, contact lookups and the email outbox. */
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
  {
    // The read model gets columns of its own instead of the decider's state; it is rebuilt from the events.
    id: '311_booking_views_columns',
    sql: `
DROP TABLE booking_views;
CREATE TABLE booking_views (
  booking_id text PRIMARY KEY,
  brand_key text NOT NULL,
  customer_id text,
  status text NOT NULL,
  offer_id text NOT NULL,
  provider_reference text,
  reference text,
  order_id text,
  payment_id text,
  payment_status text,
  card_last4 text,
  amount bigint NOT NULL,
  currency text NOT NULL,
  cancellable boolean NOT NULL,
  departs_at timestamptz,
  arrives_at timestamptz,
  failure text,
  confirmed_at timestamptz,
  itinerary jsonb,
  passengers jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX booking_views_customer ON booking_views (customer_id, created_at DESC);
CREATE INDEX booking_views_brand ON booking_views (brand_key, created_at DESC);
CREATE INDEX booking_views_reference ON booking_views (reference);
CREATE INDEX booking_views_due ON booking_views (status, arrives_at);
CREATE INDEX booking_views_payment ON booking_views (payment_id);
UPDATE projection_checkpoints SET commit_position = 0, prepare_position = 0 WHERE name = 'bookings';
`,
  },
  {
    // process-card's Idempotency-Keys, shared by every engine (see checkout/request-ledger.ts).
    id: '312_card_requests',
    sql: `
CREATE TABLE card_requests (
  brand_key text NOT NULL,
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  state text NOT NULL CHECK (state IN ('running', 'pending', 'done')),
  status integer,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (brand_key, idempotency_key)
);
DELETE FROM booking_requests WHERE status >= 400;
`,
  },
  {
    // The seats bought and the refund of a cancellation (issue 20 items 2 and 4), rebuilt from the events.
    id: '316_booking_views_seats_refund',
    sql: `
ALTER TABLE booking_views ADD COLUMN seats jsonb NOT NULL DEFAULT '[]';
ALTER TABLE booking_views ADD COLUMN refund jsonb;
DELETE FROM booking_views;
UPDATE projection_checkpoints SET commit_position = 0, prepare_position = 0 WHERE name = 'bookings';
`,
  },
  {
    // The card payments read model (read-model/card-payments.ts): what the reconciler compares with the processor.
    id: '313_card_payment_views',
    sql: `
CREATE TABLE card_payment_views (
  payment_id text PRIMARY KEY,
  brand_key text NOT NULL,
  offer_id text NOT NULL,
  status text NOT NULL,
  booking_id text,
  offer_expires_at timestamptz,
  authorized_at timestamptz NOT NULL
);
CREATE INDEX card_payment_views_authorized ON card_payment_views (authorized_at);
CREATE TABLE reconciliation_reports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  checked_at timestamptz NOT NULL,
  report jsonb NOT NULL
);
`,
  },
  {
    // Kept booking answers hold nothing personal and no password (issue #16): older ones are trimmed.
    id: '314_booking_requests_without_personal_data',
    sql: `
UPDATE booking_requests SET response = response - 'accountInfo' - 'emailContent' WHERE response IS NOT NULL;
ALTER TABLE booking_requests DROP COLUMN sealed_secret;
`,
  },
  {
    // Account emails (someone tried to register with a known address) have no booking.
    id: '315_email_outbox_account_messages',
    sql: 'ALTER TABLE email_outbox ALTER COLUMN booking_id DROP NOT NULL;',
  },
  {
    // Why a checkout is still pending (issue 39: the airline is not answering); older rows have no reason to show.
    id: '317_booking_views_pending_reason',
    sql: 'ALTER TABLE booking_views ADD COLUMN pending_reason text;',
  },
  {
    // What a failed checkout's traveller is told (issue 39 item 6): NULL for rows failed before codes.
    id: '318_booking_views_failure_code',
    sql: 'ALTER TABLE booking_views ADD COLUMN failure_code text;',
  },
  {
    // The bags bought with a booking (issue 35), rebuilt from the events (BagsSelected).
    id: '330_booking_views_bags',
    sql: `
ALTER TABLE booking_views ADD COLUMN bags jsonb NOT NULL DEFAULT '[]';
DELETE FROM booking_views;
UPDATE projection_checkpoints SET commit_position = 0, prepare_position = 0 WHERE name = 'bookings';
`,
  },
  {
    // Changes and bags bought after booking (issue 36), as the airline confirmed them.
    id: '431_booking_views_purchases',
    sql: "ALTER TABLE booking_views ADD COLUMN purchases jsonb NOT NULL DEFAULT '[]';",
  },
  {
    // A held trip's deadline and price (issue 36, hold now pay later): NULL on bookings paid at once.
    id: '410_booking_views_hold',
    sql: 'ALTER TABLE booking_views ADD COLUMN hold jsonb;',
  },
  {
    // The purchases after booking still open (read-model/open-purchases.ts): the reconciler finds the
    // free ones there, as no card payment leads to them. A new projection: it fills from the first event.
    id: '870_open_purchase_views',
    sql: `
CREATE TABLE open_purchase_views (
  booking_id text PRIMARY KEY,
  purchase_id text NOT NULL,
  amount bigint NOT NULL,
  requested_at timestamptz NOT NULL
);
CREATE INDEX open_purchase_views_free ON open_purchase_views (requested_at) WHERE amount = 0;
`,
  },
];
