import type { Migration } from '../storage/migrations.js';

/**
 * Messages from the contact and support forms, and newsletter sign-ups, for support staff.
 * Per brand: each brand's admins answer their own travellers. A sign-up is kept once per
 * brand and address, so pressing Subscribe twice does not make two.
 */
export const supportMigrations: Migration[] = [
  {
    id: '700_support_requests',
    sql: `CREATE TABLE support_requests (
  id text PRIMARY KEY,
  brand_key text NOT NULL,
  kind text NOT NULL,
  email text NOT NULL,
  name text,
  phone text,
  reason text,
  subject text,
  booking_reference text,
  message text,
  preferred_contact text,
  user_id text,
  created_at timestamptz NOT NULL
);
CREATE INDEX support_requests_brand_created ON support_requests (brand_key, created_at DESC, id);
CREATE UNIQUE INDEX support_requests_one_subscription ON support_requests (brand_key, lower(email)) WHERE kind = 'subscribe';`,
  },
];
