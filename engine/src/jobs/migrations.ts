import type { Migration } from '../storage/migrations.js';

/** The in-process job queue's table (embedded default; BullMQ keeps its jobs in Redis). */
export const jobMigrations: Migration[] = [
  {
    id: '002_job_queue',
    sql: `
CREATE TABLE job_queue (
  queue text NOT NULL,
  job_id text NOT NULL,
  payload jsonb NOT NULL,
  state text NOT NULL CHECK (state IN ('waiting', 'active', 'completed', 'failed')),
  attempts_made integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL,
  run_at timestamptz NOT NULL,
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  PRIMARY KEY (queue, job_id)
);
CREATE INDEX job_queue_due ON job_queue (queue, run_at) WHERE state IN ('waiting', 'active');
`,
  },
  {
    // Whose claim a running job is: each process renews its own claims, and only those.
    id: '003_job_queue_lease_owner',
    sql: `
ALTER TABLE job_queue ADD COLUMN locked_by text;
CREATE INDEX job_queue_leased ON job_queue (locked_by) WHERE state = 'active';
`,
  },
];
