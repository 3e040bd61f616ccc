import { afterAll, beforeAll } from 'vitest';
import { projectionRunner, type ProjectionRunner } from '../../../projections/runner.js';
import type { BookingHarness } from '../../test-support/booking-harness.js';
import { scheduleChangesProjection } from '../projection.js';

/**
 * The schedule-changes projection running over the suite's harness, from before the suite's cases
 * to after them. Call it after harnessPerBackend, so that it starts once the harness is open and
 * stops before it closes.
 */
export function runScheduleChanges(harness: BookingHarness): void {
  let changes: ProjectionRunner | undefined;
  beforeAll(async () => {
    changes = projectionRunner({
      sql: harness.booking.sql,
      eventStore: harness.deps.eventStore,
      projections: [scheduleChangesProjection],
    });
    await changes.start();
  });
  afterAll(async () => {
    await changes?.stop();
  });
}
