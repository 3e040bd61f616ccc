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
 * The rows each transaction has written, by booking id, for `apply` one event at a time: within
 * the transaction that wrote a row, the row is what it wrote (only this projection writes these
 * rows, one runner at a time: the runner holds its checkpoint's lock). Keyed by the transaction's
 * executor, so it ends with the transaction. A reset forgets what its transaction kept.
 */
const rowsOf = new WeakMap<SqlExecutor, Map<string, BookingRow>>();

/** Rows the projection remembers between batches (the most recently changed). */
const KEPT_ROWS = 2_000;

/**
 * A booking's events of one batch, folded into its row and written once. `known`: the row as the
 * last batch left it, when the runner kept it; otherwise it is read. Answers the row as written
 * (undefined when there is none).
 */
async function writeOnce(
  tx: SqlExecutor,
  bookingId: string,
  recorded: readonly RecordedEvent[],
  known: BookingRow | undefined,
): Promise<BookingRow | undefined> {
  const timed = recorded.map((event) => ({ event: parseBookingEvent(event), at: event.metadata.timestamp }));
  const fold = (from: BookingRow | null) =>
    timed.reduce((row, { event, at }) => evolveBookingRow(row, event, at), from);
  if (!known && timed[0]!.event.type === 'BookingStarted') {
    // BookingStarted makes the row, or leaves an existing one as it is: no need to read it first.
    const made = fold(null)!;
    const { rowCount } = await tx.query(`${INSERT} ON CONFLICT (booking_id) DO NOTHING`, rowParams(made));
    if (rowCount === 1) return made;
  }
  const before = known ?? (await readRow(tx, bookingId));
  const after = fold(before);
  if (!after) return undefined;
  if (after !== before) await tx.query(UPSERT, rowParams(after));
  return after;
}

async function readRow(tx: SqlExecutor, bookingId: string): Promise<BookingRow | null> {
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
    const known = rowsOf.get(tx) ?? new Map<string, BookingRow>();
    // Outside a transaction (a client, not a transaction's executor) nothing is kept between events.
    if (!('transaction' in tx)) rowsOf.set(tx, known);
    const written = await writeOnce(tx, bookingId, [recorded], known.get(bookingId));
    if (written) known.set(bookingId, written);
  },
  async applyBatch(tx: SqlExecutor, events: readonly RecordedEvent[], kept: Map<string, unknown>) {
    const rows = kept as Map<string, BookingRow>;
    const byBooking = new Map<string, RecordedEvent[]>();
    for (const recorded of events) {
      if (!recorded.streamName.startsWith(BOOKING_STREAM_PREFIX)) continue;
      const bookingId = recorded.streamName.slice(BOOKING_STREAM_PREFIX.length);
      const list = byBooking.get(bookingId) ?? [];
      list.push(recorded);
      byBooking.set(bookingId, list);
    }
    for (const [bookingId, recorded] of byBooking) {
      const written = await writeOnce(tx, bookingId, recorded, rows.get(bookingId));
      rows.delete(bookingId);
      if (written) rows.set(bookingId, written);
      // The oldest go first: a row is wanted again while its booking is under way.
      if (rows.size > KEPT_ROWS) rows.delete(rows.keys().next().value!);
    }
  },
  async reset(tx) {
    rowsOf.delete(tx);
    await tx.query('DELETE FROM booking_views');
  },
};
