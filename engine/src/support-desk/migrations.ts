import type { Migration } from '../storage/migrations.js';

/**
 * The personal-data access log: the read model of every `PersonalDataRevealed` event (who saw
 * which booking's personal data, when, what and why), which platform admins list and export. It
 * holds no personal data itself, only the staff member's own name and the reason they typed.
 */
export const supportDeskMigrations: Migration[] = [
  {
    id: '900_personal_data_access_log',
    sql: `CREATE TABLE personal_data_access_log (
  event_id text PRIMARY KEY,
  at timestamptz NOT NULL,
  booking_id text NOT NULL,
  brand_key text NOT NULL,
  user_id text NOT NULL,
  username text NOT NULL,
  seen text[] NOT NULL,
  reason text NOT NULL
);
CREATE INDEX personal_data_access_log_at ON personal_data_access_log (at DESC);
CREATE INDEX personal_data_access_log_booking ON personal_data_access_log (booking_id);`,
  },
  {
    // Issue 32: a bookings export with travellers' names is logged as one row, with its filters in words.
    id: '861_access_log_exports',
    sql: `ALTER TABLE personal_data_access_log ADD COLUMN exported text;`,
  },
];
