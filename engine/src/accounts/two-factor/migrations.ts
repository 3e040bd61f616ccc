import type { Migration } from '../../storage/migrations.js';

/**
 * Two-factor authentication (issue 31): one row per user who started or finished enrolling. The
 * TOTP secret is sealed (sealed-secret.ts); `last_step` is the last time step accepted, so a code
 * works once. Recovery codes are stored as keyed hashes, each usable once.
 */
export const twoFactorMigrations: Migration[] = [
  {
    id: '036_accounts_two_factor',
    sql: `CREATE TABLE two_factor (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  sealed_secret text,
  enabled_at timestamptz,
  last_step bigint,
  pending_secret text,
  pending_expires_at timestamptz
);
CREATE TABLE two_factor_recovery_codes (
  code_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  used_at timestamptz
);
CREATE INDEX two_factor_recovery_codes_user ON two_factor_recovery_codes (user_id);`,
  },
];
