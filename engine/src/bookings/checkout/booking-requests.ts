import type { SqlExecutor } from '../../storage/sql.js';
import { RequestLedger } from './request-ledger.js';

/**
 * POST /api/bookings by Idempotency-Key (per brand): the first request claims the key and its
 * booking id; a repeat waits for that answer and gets it again. The kept answer holds no personal
 * data and no password (see BookingAnswers): a repeat rebuilds the rest from what is still readable.
 */
export class BookingRequests extends RequestLedger {
  constructor(sql: SqlExecutor) {
    super(sql, 'booking_requests');
  }

  /**
   * True while a request for this booking has no answer yet and was running, or left pending for
   * a repeat to resume, within the last `withinMs`: it may still record the booking.
   */
  async mayStillRecord(bookingId: string, withinMs: number): Promise<boolean> {
    const { rows } = await this.sql.query(
      `SELECT 1 FROM booking_requests WHERE booking_id = $1 AND state <> 'done'
          AND updated_at >= now() - $2::int * interval '1 millisecond' LIMIT 1`,
      [bookingId, Math.round(withinMs)],
    );
    return rows.length > 0;
  }
}
