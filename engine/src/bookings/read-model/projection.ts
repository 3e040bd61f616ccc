import type { RecordedEvent } from '../../eventstore/eventstore.js';
import type { Projection } from '../../projections/projection.js';
import type { SqlExecutor } from '../../storage/sql.js';
import { BOOKING_STREAM_PREFIX, parseBookingEvent } from '../domain/events.js';
import { BOOKING_ROW_COLUMNS, rowParams, toBookingRow, type StoredBookingRow } from './columns.js';
import { bookingRowEvents, evolveBookingRow } from './row.js';

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
    const { rows } = await tx.query<StoredBookingRow>('SELECT * FROM booking_views WHERE booking_id = $1', [bookingId]);
    const before = rows[0] ? toBookingRow(rows[0]) : null;
    const after = evolveBookingRow(before, parseBookingEvent(recorded), recorded.metadata.timestamp);
    if (!after || after === before) return;
    const columns = BOOKING_ROW_COLUMNS;
    await tx.query(
      `INSERT INTO booking_views (${columns.join(', ')})
       VALUES (${columns.map((_, index) => `$${index + 1}`).join(', ')})
       ON CONFLICT (booking_id) DO UPDATE SET ${columns
         .slice(1)
         .map((column) => `${column} = EXCLUDED.${column}`)
         .join(', ')}`,
      rowParams(after),
    );
  },
  async reset(tx) {
    await tx.query('DELETE FROM booking_views');
  },
};
