import type { Migration } from '../storage/migrations.js';

/**
 * The staff directory: the read model of the `staff-*` streams (one row per member, as the last
 * event left them), which sign-in and every guarded request read. The invitation token is kept
 * only as its SHA-256 (a 256-bit random token needs no slow hash), and cleared once used.
 */
export const staffMigrations: Migration[] = [
  {
    id: '020_staff_members',
    sql: `CREATE TABLE staff_members (
  staff_id text PRIMARY KEY,
  user_id text UNIQUE REFERENCES users (id) ON DELETE SET NULL,
  email text NOT NULL,
  username text,
  name text NOT NULL DEFAULT '',
  role text NOT NULL,
  brands text[] NOT NULL DEFAULT '{}',
  status text NOT NULL,
  invited_at timestamptz NOT NULL,
  invitation_expires_at timestamptz,
  invitation_token_hash text UNIQUE,
  revision bigint NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX staff_members_brands ON staff_members USING gin (brands);`,
  },
];
