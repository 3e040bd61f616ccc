import type { Migration } from '../storage/migrations.js';

/**
 * Users belong to the brand they registered on; username and email are unique per brand,
 * case-insensitively. Per brand because each brand is a separate shop to its travellers: an
 * account on one must neither block nor reveal an account on another.
 * session_version invalidates every other session when the password changes.
 */
export const accountMigrations: Migration[] = [
  {
    id: '010_accounts_users',
    sql: `CREATE TABLE users (
  id text PRIMARY KEY,
  brand_key text NOT NULL,
  username text NOT NULL,
  email text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  password_hash text NOT NULL,
  is_admin boolean NOT NULL DEFAULT false,
  is_platform_admin boolean NOT NULL DEFAULT false,
  session_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX users_brand_username ON users (brand_key, lower(username));
CREATE UNIQUE INDEX users_brand_email ON users (brand_key, lower(email));
CREATE INDEX users_platform_admin_username ON users (lower(username)) WHERE is_platform_admin;`,
  },
  {
    // Signed cookies cannot be recalled, so a logout records the session's nonce until it would
    // have expired anyway: a copy of the cookie taken before logging out stops working too.
    id: '011_accounts_ended_sessions',
    sql: `CREATE TABLE ended_sessions (
  nonce text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX ended_sessions_expires_at ON ended_sessions (expires_at);`,
  },
  {
    // Known devices (issue 39 item 6): a random token per browser and account, stored as its hash,
    // exempts that browser from the account's failed sign-in ceiling until it is rotated or revoked.
    id: '012_accounts_known_devices',
    sql: `CREATE TABLE known_devices (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  brand_key text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX known_devices_user ON known_devices (user_id);`,
  },
];
