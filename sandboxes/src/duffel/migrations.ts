import type { Migration } from '../sql.js';

/** The Duffel sandbox's orders and cancellations (sql-store.ts). */
export const duffelSandboxMigrations: Migration[] = [
  {
    id: '320_duffel_sandbox',
    sql: `CREATE TABLE duffel_sandbox_orders (
  id text PRIMARY KEY,
  offer_id text NOT NULL UNIQUE,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE duffel_sandbox_cancellations (
  id text PRIMARY KEY,
  order_id text NOT NULL,
  body jsonb NOT NULL
);`,
  },
  {
    id: '430_duffel_sandbox_records',
    sql: `CREATE TABLE duffel_sandbox_records (
  kind text NOT NULL,
  id text NOT NULL,
  body jsonb NOT NULL,
  PRIMARY KEY (kind, id)
);`,
  },
];
