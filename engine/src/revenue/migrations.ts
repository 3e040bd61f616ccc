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
];
