import type { ScheduleChangeView } from '@contrail/shared/booking/schedule-change';
import type { SqlClient } from '../../storage/sql.js';

interface Row {
  change_id: string;
  booking_id: string;
  brand_key: string;
  status: ScheduleChangeView['status'];
  detected_at: Date | string;
  before: ScheduleChangeView['before'];
  after: ScheduleChangeView['after'];
  reference: string | null;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

const viewOf = (row: Row): ScheduleChangeView => ({
  changeId: row.change_id,
  bookingId: row.booking_id,
  reference: row.reference,
  status: row.status,
  detectedAt: iso(row.detected_at),
  before: row.before,
  after: row.after,
});

const SELECT = `SELECT c.change_id, c.booking_id, c.brand_key, c.status, c.detected_at, c.before, c.after, b.reference
  FROM schedule_changes c LEFT JOIN booking_views b ON b.booking_id = c.booking_id`;

/** The schedule-change read model (projection.ts): a traveller's changes, and the ones support waits on. */
export class ScheduleChangeReadModel {
  constructor(private readonly sql: SqlClient) {}

  /** A traveller's changes, newest first (the answered ones too, so My Trips can say what was done). */
  async ofCustomer(customerId: string, limit = 100): Promise<ScheduleChangeView[]> {
    const { rows } = await this.sql.query<Row>(
      `${SELECT} WHERE b.customer_id = $1 ORDER BY c.detected_at DESC LIMIT $2`,
      [customerId, limit],
    );
    return rows.map(viewOf);
  }

  /** The changes nobody has answered, oldest first: support's action queue. */
  async pending(limit = 200): Promise<Array<ScheduleChangeView & { brandKey: string }>> {
    const { rows } = await this.sql.query<Row>(
      `${SELECT} WHERE c.status = 'pending' ORDER BY c.detected_at ASC LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({ ...viewOf(row), brandKey: row.brand_key }));
  }
}
