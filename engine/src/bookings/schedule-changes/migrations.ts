import type { Migration } from '../../storage/migrations.js';

/** Issue #36: the read model of airline schedule changes (projection.ts), one row per change. */
export const scheduleChangeMigrations: Migration[] = [
  {
    id: '420_schedule_changes',
    sql: `CREATE TABLE schedule_changes (
  change_id text PRIMARY KEY,
  booking_id text NOT NULL,
  brand_key text NOT NULL,
  status text NOT NULL,
  detected_at timestamptz NOT NULL,
  before jsonb NOT NULL,
  after jsonb NOT NULL
);
CREATE INDEX schedule_changes_booking ON schedule_changes (booking_id);
CREATE INDEX schedule_changes_pending ON schedule_changes (detected_at) WHERE status = 'pending';`,
  },
];
