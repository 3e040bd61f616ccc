import type { Migration } from '../storage/migrations.js';

/** The offer-verification cache (offer-verifications.ts): one row per offer, shared by engines and workers. */
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
];
