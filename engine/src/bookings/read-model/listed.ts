import { untilApplied } from '../../projections/applied.js';
import type { SqlExecutor } from '../../storage/sql.js';
import type { LoadedBooking } from '../booking-stream.js';
import { bookingsProjection } from './projection.js';

/** How long a traveller's change waits for My Trips to show it before it is answered anyway. */
const LISTED_WITHIN_MS = 2_000;

/**
 * A change a traveller made (a cancellation, a guest booking added) is answered once the bookings
 * read model, which My Trips lists, shows the booking as `booking` reads: the list loaded right
 * after the answer is never older than the answer.
 */
export function untilListed(sql: SqlExecutor, booking: LoadedBooking): Promise<boolean> {
  return untilApplied(sql, [bookingsProjection.name], booking.position, LISTED_WITHIN_MS);
}
