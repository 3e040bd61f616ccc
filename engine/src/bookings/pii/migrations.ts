import type { Migration } from '../../storage/migrations.js';

/** Per-booking data keys (sql-key-store.ts), wrapped by the master key. */
export const piiMigrations: Migration[] = [
  {
    id: '300_pii_data_keys',
    sql: `CREATE TABLE pii_data_keys (
  key_id text PRIMARY KEY,
  booking_id text NOT NULL,
  data_key bytea,
  created_at timestamptz NOT NULL DEFAULT now(),
  erased_at timestamptz
);
CREATE INDEX pii_data_keys_booking ON pii_data_keys (booking_id);`,
  },
];
