import type { Migration } from '../../storage/migrations.js';

/**
 * The support search's blind index (projection.ts): keyed hashes of each traveller's normal name,
 * email and phone, by booking and traveller. No readable personal data; a traveller's rows go when
 * their data is erased.
 */
export const bookingSearchMigrations: Migration[] = [
  {
    id: '910_booking_search_keys',
    sql: `CREATE TABLE booking_search_keys (
  booking_id text NOT NULL,
  passenger_id text NOT NULL,
  kind text NOT NULL,
  digest text NOT NULL,
  PRIMARY KEY (booking_id, passenger_id, kind, digest)
);
CREATE INDEX booking_search_keys_digest ON booking_search_keys (kind, digest);`,
  },
];
