import type { SqlExecutor } from '../../storage/sql.js';
import { RequestLedger, type LedgerRow, type StoredRequest } from './request-ledger.js';

export { requestHash } from './request-ledger.js';

export interface StoredBookingRequest extends StoredRequest {
  bookingId: string;
}

interface Row extends LedgerRow {
  booking_id: string;
}

/**
 * POST /api/bookings by Idempotency-Key (per brand): the first request claims the key and its
 * booking id; a repeat waits for that answer and gets it again. The kept answer holds no personal
 * data and no password (see BookingAnswers): a repeat rebuilds the rest from what is still readable.
 */
export class BookingRequests extends RequestLedger {
  constructor(sql: SqlExecutor) {
    super(sql, 'booking_requests');
  }

  /** The stored request when the key was already used; undefined when this call claimed it. */
  async claim(
    brandKey: string,
    key: string,
    hash: string,
    bookingId: string,
  ): Promise<StoredBookingRequest | undefined> {
    if (await this.insert(brandKey, key, hash, { booking_id: bookingId })) return undefined;
    const existing = await this.get(brandKey, key);
    if (!existing) throw new Error('An idempotency key vanished while claimed');
    return existing;
  }

  async get(brandKey: string, key: string): Promise<StoredBookingRequest | undefined> {
    const row = await this.row<Row>(brandKey, key);
    return row && { ...this.stored(row), bookingId: row.booking_id };
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
