import type { Migration } from '../storage/migrations.js';

/**
 * Saved travellers (issue 33 item 4): the personal data is sealed under a data key of
 * pii_data_keys (one per traveller, grouped by the account), never stored in the clear here;
 * the rows go with the account.
 */
export const savedTravellerMigrations: Migration[] = [
  {
    id: '370_saved_travellers',
    sql: `CREATE TABLE saved_travellers (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  sealed jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX saved_travellers_user ON saved_travellers (user_id, created_at);`,
  },
];
