import type { Migration } from '../storage/migrations.js';

/**
 * Brands managed by admins (the default brand stays built in). `config` is the brand's whole
 * configuration; `domain` is copied out of it so it can be unique (case-folded, empty allowed
 * for many). `brand_changes` is the audit trail, written in the same transaction as the change.
 */
export const brandMigrations: Migration[] = [
  {
    id: '510_brands',
    sql: `CREATE TABLE brands (
  key text PRIMARY KEY,
  domain text NOT NULL,
  config jsonb NOT NULL,
  disabled_at timestamptz,
  version integer NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX brands_domain_unique ON brands (domain) WHERE domain <> '';
CREATE TABLE brand_changes (
  brand_key text NOT NULL REFERENCES brands (key),
  version integer NOT NULL,
  action text NOT NULL,
  changes jsonb NOT NULL,
  actor_id text NOT NULL,
  actor_username text NOT NULL,
  at timestamptz NOT NULL,
  PRIMARY KEY (brand_key, version)
);`,
  },
  {
    id: '520_brand_change_reasons',
    sql: 'ALTER TABLE brand_changes ADD COLUMN reason text',
  },
];
