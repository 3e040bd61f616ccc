import type { Migration } from '../sql.js';

/** The Stripe sandbox's objects and idempotency keys (sql-store.ts), shared by every process. */
export const stripeSandboxMigrations: Migration[] = [
  {
    id: '310_stripe_sandbox',
    sql: `CREATE TABLE stripe_sandbox_objects (
  id text PRIMARY KEY,
  kind text NOT NULL,
  parent_id text,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stripe_sandbox_objects_parent ON stripe_sandbox_objects (parent_id) WHERE parent_id IS NOT NULL;
CREATE TABLE stripe_sandbox_idempotency (
  scope text PRIMARY KEY,
  answer jsonb NOT NULL
);`,
  },
];
