import { untilApplied } from '../../projections/applied.js';
import type { SqlExecutor } from '../../storage/sql.js';
import { partitionedName, partitionOf } from '../../eventstore/partitions.js';
import type { LoadedBooking } from '../booking-stream.js';
import { bookingStreamName } from '../domain/events.js';
import { bookingsProjection } from './projection.js';

/** How long a traveller's change waits for My Trips to show it before it is answered anyway. */
const LISTED_WITHIN_MS = 2_000;

/**
 * A change a traveller made (a cancellation, a guest booking added) is answered once the bookings
 * read model, which My Trips lists, shows the booking as `booking` reads: the list loaded right
 * after the answer is never older than the answer.
 */
export function untilListed(
  deps: { sql: SqlExecutor; partitions: number },
  bookingId: string,
  booking: LoadedBooking,
): Promise<boolean> {
  const partition = { index: partitionOf(bookingStreamName(bookingId), deps.partitions), count: deps.partitions };
  const checkpoint = partitionedName(bookingsProjection.name, partition);
  return untilApplied(deps.sql, [checkpoint], booking.position, LISTED_WITHIN_MS);
}
