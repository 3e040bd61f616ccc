import type { Migration } from '../storage/migrations.js';

/**
 * The PostgreSQL event store. `es_streams` holds each stream's current revision (the row that
 * appends lock for optimistic concurrency); `es_events` holds the events with the id of the
 * transaction that wrote them, which is what the global order is read by (see postgres-eventstore.ts).
 */
export const eventStoreMigrations: Migration[] = [
  {
    id: '001_event_store',
    sql: `
CREATE TABLE es_streams (
  stream_name text PRIMARY KEY,
  revision bigint NOT NULL
);
CREATE TABLE es_events (
  global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_name text NOT NULL,
  stream_revision bigint NOT NULL,
  event_id uuid NOT NULL UNIQUE,
  event_type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_name, stream_revision)
);
CREATE INDEX es_events_global_order ON es_events (transaction_id, global_position);
`,
  },
];
