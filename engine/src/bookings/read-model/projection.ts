import type { RecordedEvent } from '../../eventstore/eventstore.js';
import type { Projection } from '../../projections/projection.js';
import type { SqlExecutor } from '../../storage/sql.js';
import { BOOKING_STREAM_PREFIX, parseBookingEvent } from '../domain/events.js';
import { BOOKING_ROW_COLUMNS, rowParams, toBookingRow, type StoredBookingRow } from './columns.js';
import { bookingRowEvents, evolveBookingRow, type BookingRow } from './row.js';

const columns = BOOKING_ROW_COLUMNS;
const INSERT = `INSERT INTO booking_views (${columns.join(', ')})
  VALUES (${columns.map((_, index) => `$${index + 1}`).join(', ')})`;
const UPSERT = `${INSERT} ON CONFLICT (booking_id) DO UPDATE SET ${columns
  .slice(1)
  .map((column) => `${column} = EXCLUDED.${column}`)
  .join(', ')}`;

/**
 * The rows each transaction has read or written, by booking id (null: no row). Within the
 * transaction that wrote a row, the row is what it wrote: only this projection writes these rows,
 * one runner at a time (the runner holds its checkpoint's lock). A batch of a booking's events
 * thus reads its row once. Keyed by the transaction's executor, so it ends with the transaction.
 * A reset forgets what its transaction kept.
 */
const rowsOf = new WeakMap<SqlExecutor, Map<string, BookingRow | null>>();

async function rowFor(tx: SqlExecutor, known: Map<string, BookingRow | null>, bookingId: string) {
  const cached = known.get(bookingId);
  if (cached !== undefined) return cached;
  const { rows } = await tx.query<StoredBookingRow>('SELECT * FROM booking_views WHERE booking_id = $1', [bookingId]);
  return rows[0] ? toBookingRow(rows[0]) : null;
}

/**
 * The bookings read model: one row per booking (read-model/row.ts says what it holds and how each
 * event changes it). Applying the events again from the first one gives the same rows.
 */
export const bookingsProjection: Projection = {
  name: 'bookings',
  eventTypes: bookingRowEvents,
  async apply(tx: SqlExecutor, recorded: RecordedEvent) {
    if (!recorded.streamName.startsWith(BOOKING_STREAM_PREFIX)) return;
    const bookingId = recorded.streamName.slice(BOOKING_STREAM_PREFIX.length);
    const known = rowsOf.get(tx) ?? new Map<string, BookingRow | null>();
    // Outside a transaction (a client, not a transaction's executor) nothing is kept between events.
    if (!('transaction' in tx)) rowsOf.set(tx, known);
    const event = parseBookingEvent(recorded);
    const at = recorded.metadata.timestamp;
    if (event.type === 'BookingStarted' && !known.has(bookingId)) {
      // BookingStarted makes the row, or leaves an existing one as it is: no need to read it first.
      const started = evolveBookingRow(null, event, at)!;
      const { rowCount } = await tx.query(`${INSERT} ON CONFLICT (booking_id) DO NOTHING`, rowParams(started));
      if (rowCount === 1) known.set(bookingId, started);
      return;
    }
    const before = await rowFor(tx, known, bookingId);
    known.set(bookingId, before);
    const after = evolveBookingRow(before, event, at);
    if (!after || after === before) return;
    await tx.query(UPSERT, rowParams(after));
    known.set(bookingId, after);
  },
  async reset(tx) {
    rowsOf.delete(tx);
    await tx.query('DELETE FROM booking_views');
  },
};
