import type { Migration } from '../storage/migrations.js';

/**
 * The offer-verification cache (offer-verifications.ts): one row per offer, shared by engines and
 * workers; the price index (price-index/): the cheapest offer per search, shared by engines.
 */
export const flightMigrations: Migration[] = [
  {
    id: '320_offer_verifications',
    sql: `
CREATE TABLE offer_verifications (
  offer_id text PRIMARY KEY,
  checked_at bigint NOT NULL,
  offer jsonb,
  failure jsonb
);
CREATE INDEX offer_verifications_checked ON offer_verifications (checked_at);
`,
  },
  {
    id: '350_price_index',
    sql: `
CREATE TABLE price_index (
  search_key text PRIMARY KEY,
  cheapest jsonb,
  seen_at bigint NOT NULL
);
CREATE INDEX price_index_seen ON price_index (seen_at);
`,
  },
];
