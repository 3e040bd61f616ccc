import type { SqlExecutor } from '../../storage/sql.js';
import { toBookingRow, type StoredBookingRow } from './columns.js';
import type { BookingRow } from './row.js';

const toRow = toBookingRow;

export interface BookingSearch {
  bookingId?: string;
  brandKey?: string;
  reference?: string;
  /** sha256 of the lower-cased email (see checkout/contacts.ts). */
  emailHash?: string;
  status?: string;
  from?: string;
  to?: string;
  limit?: number;
}

/** Reads of the bookings read model (projection.ts writes it). */
export class BookingReadModel {
  constructor(private readonly sql: SqlExecutor) {}

  async get(bookingId: string): Promise<BookingRow | undefined> {
    const { rows } = await this.sql.query<StoredBookingRow>('SELECT * FROM booking_views WHERE booking_id = $1', [
      bookingId,
    ]);
    return rows[0] && toRow(rows[0]);
  }

  /** A traveller's bookings, newest first; checkouts that failed are not bookings and are left out. */
  async forCustomer(customerId: string): Promise<BookingRow[]> {
    const { rows } = await this.sql.query<StoredBookingRow>(
      `SELECT * FROM booking_views WHERE customer_id = $1 AND status <> 'failed' ORDER BY created_at DESC LIMIT 500`,
      [customerId],
    );
    return rows.map(toRow);
  }

  /**
   * Guest bookings made with this email on this brand (signed out, the email already had an
   * account): offered to the account's owner to add to My Trips. Newest first; failed ones left out.
   */
  async guestBookingsFor(brandKey: string, emailHash: string): Promise<BookingRow[]> {
    const { rows } = await this.sql.query<StoredBookingRow>(
      `SELECT v.* FROM booking_views v JOIN booking_contacts c ON c.booking_id = v.booking_id
       WHERE c.brand_key = $1 AND c.email_hash = $2 AND v.customer_id IS NULL AND v.status <> 'failed'
       ORDER BY v.created_at DESC LIMIT 100`,
      [brandKey, emailHash],
    );
    return rows.map(toRow);
  }

  async search(filter: BookingSearch): Promise<BookingRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (clause: string, value: unknown) => {
      params.push(value);
      where.push(clause.replace('?', `$${params.length}`));
    };
    if (filter.bookingId) add('v.booking_id = ?', filter.bookingId);
    if (filter.brandKey) add('v.brand_key = ?', filter.brandKey);
    if (filter.reference) add('v.reference = upper(?)', filter.reference.trim());
    if (filter.status) add('v.status = ?', filter.status);
    if (filter.from) add('v.created_at >= ?::timestamptz', filter.from);
    if (filter.to) add('v.created_at <= ?::timestamptz', filter.to);
    if (filter.emailHash)
      add(
        'EXISTS (SELECT 1 FROM booking_contacts c WHERE c.booking_id = v.booking_id AND c.email_hash = ?)',
        filter.emailHash,
      );
    params.push(Math.min(Math.max(filter.limit ?? 100, 1), 500));
    const { rows } = await this.sql.query<StoredBookingRow>(
      `SELECT v.* FROM booking_views v ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY v.created_at DESC LIMIT $${params.length}`,
      params,
    );
    return rows.map(toRow);
  }

  /** Confirmed bookings whose last flight has landed. */
  async dueForCompletion(now: Date, limit = 200): Promise<string[]> {
    const { rows } = await this.sql.query<{ booking_id: string }>(
      `SELECT booking_id FROM booking_views WHERE status = 'confirmed' AND arrives_at <= $1::timestamptz
       ORDER BY arrives_at LIMIT $2`,
      [now.toISOString(), limit],
    );
    return rows.map((row) => row.booking_id);
  }

  /** Checkouts still waiting for their order (their offer may expire under them). */
  async inCheckout(limit = 200): Promise<string[]> {
    const { rows } = await this.sql.query<{ booking_id: string }>(
      `SELECT booking_id FROM booking_views WHERE status = 'pending' AND order_id IS NULL ORDER BY created_at LIMIT $1`,
      [limit],
    );
    return rows.map((row) => row.booking_id);
  }

  /** Every booking started since `since` (any status), oldest first: the reconciler's list. */
  async createdSince(since: string, limit = 10_000): Promise<BookingRow[]> {
    const { rows } = await this.sql.query<StoredBookingRow>(
      'SELECT * FROM booking_views WHERE created_at >= $1::timestamptz ORDER BY created_at LIMIT $2',
      [since, limit],
    );
    return rows.map(toRow);
  }
}
