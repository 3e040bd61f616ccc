import type { Migration } from '../storage/migrations.js';

/** The revenue read model (see projection.ts): sums per brand, UTC day and currency, and what they need. */
export const revenueMigrations: Migration[] = [
  {
    id: '800_revenue',
    sql: `
CREATE TABLE revenue_bookings (
  booking_id text PRIMARY KEY,
  booking jsonb NOT NULL
);
CREATE TABLE revenue_days (
  brand_key text NOT NULL,
  day date NOT NULL,
  currency text NOT NULL,
  bookings bigint NOT NULL DEFAULT 0,
  travellers bigint NOT NULL DEFAULT 0,
  gross_sales bigint NOT NULL DEFAULT 0,
  provider_cost bigint NOT NULL DEFAULT 0,
  markup_margin bigint NOT NULL DEFAULT 0,
  card_fees bigint NOT NULL DEFAULT 0,
  refunds bigint NOT NULL DEFAULT 0,
  provider_refunds bigint NOT NULL DEFAULT 0,
  fees_kept bigint NOT NULL DEFAULT 0,
  cancellations bigint NOT NULL DEFAULT 0,
  net_margin bigint NOT NULL DEFAULT 0,
  incomplete_bookings bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (brand_key, day, currency)
);
CREATE INDEX revenue_days_day ON revenue_days (day);
CREATE TABLE revenue_ranked (
  brand_key text NOT NULL,
  day date NOT NULL,
  currency text NOT NULL,
  kind text NOT NULL,
  key text NOT NULL,
  bookings bigint NOT NULL DEFAULT 0,
  gross_sales bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (brand_key, day, currency, kind, key)
);
`,
  },
  {
    // Issue 32: sales per pricing rule (the rule each booking recorded), with cost and margin per ranked key; rebuilt from the events.
    id: '860_revenue_ranked_margin',
    sql: `
ALTER TABLE revenue_ranked ADD COLUMN provider_cost bigint NOT NULL DEFAULT 0;
ALTER TABLE revenue_ranked ADD COLUMN markup_margin bigint NOT NULL DEFAULT 0;
DELETE FROM revenue_bookings;
DELETE FROM revenue_days;
DELETE FROM revenue_ranked;
UPDATE projection_checkpoints SET commit_position = 0, prepare_position = 0 WHERE name = 'revenue';
`,
  },
  {
    // Issue 32's bench: the rankings also summed per calendar month, so a year's top routes read 12
    // months' rows rather than 365 days'; the day index went (every reader names its brands or reads
    // them all), as it cost each new day's row a second write. Rebuilt from the events.
    id: '862_revenue_ranked_months',
    sql: `
CREATE TABLE revenue_ranked_months (
  brand_key text NOT NULL,
  month date NOT NULL,
  currency text NOT NULL,
  kind text NOT NULL,
  key text NOT NULL,
  bookings bigint NOT NULL DEFAULT 0,
  gross_sales bigint NOT NULL DEFAULT 0,
  provider_cost bigint NOT NULL DEFAULT 0,
  markup_margin bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (brand_key, month, currency, kind, key)
);
DROP INDEX revenue_days_day;
DELETE FROM revenue_bookings;
DELETE FROM revenue_days;
DELETE FROM revenue_ranked;
UPDATE projection_checkpoints SET commit_position = 0, prepare_position = 0 WHERE name = 'revenue';
`,
  },
  {
    // Issue 32's bench: a sale's route, carrier and pricing rule in one row (per day, and per month)
    // instead of one row per ranking, so each capture writes two rows rather than six; the rankings
    // are grouped from them when read. Rebuilt from the events.
    id: '863_revenue_sales',
    sql: `
CREATE TABLE revenue_sales (
  brand_key text NOT NULL,
  day date NOT NULL,
  currency text NOT NULL,
  route text NOT NULL,
  carrier text NOT NULL,
  rule text NOT NULL,
  bookings bigint NOT NULL DEFAULT 0,
  gross_sales bigint NOT NULL DEFAULT 0,
  provider_cost bigint NOT NULL DEFAULT 0,
  markup_margin bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (brand_key, day, currency, route, carrier, rule)
);
CREATE TABLE revenue_sales_months (
  brand_key text NOT NULL,
  month date NOT NULL,
  currency text NOT NULL,
  route text NOT NULL,
  carrier text NOT NULL,
  rule text NOT NULL,
  bookings bigint NOT NULL DEFAULT 0,
  gross_sales bigint NOT NULL DEFAULT 0,
  provider_cost bigint NOT NULL DEFAULT 0,
  markup_margin bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (brand_key, month, currency, route, carrier, rule)
);
DROP TABLE revenue_ranked;
DROP TABLE revenue_ranked_months;
DELETE FROM revenue_bookings;
DELETE FROM revenue_days;
UPDATE projection_checkpoints SET commit_position = 0, prepare_position = 0 WHERE name = 'revenue';
`,
  },
];
