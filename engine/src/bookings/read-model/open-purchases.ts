import type { RecordedEvent } from '../../eventstore/eventstore.js';
import type { Projection } from '../../projections/projection.js';
import type { SqlExecutor } from '../../storage/sql.js';
import { BOOKING_STREAM_PREFIX, parseBookingEvent } from '../domain/events.js';

/**
 * The purchases after booking still open (issue 36), one row per booking while one is under way:
 * how the reconciler finds those no card payment leads it to (a free date change, amount 0).
 * A paid purchase leaves once captured, a free one once confirmed; either once it failed.
 */
export const openPurchasesProjection: Projection = {
  name: 'open-purchases',
  eventTypes: [
    'OrderChangeRequested',
    'ExtrasRequested',
    'PurchaseConfirmed',
    'PurchasePaymentCaptured',
    'PurchaseFailed',
  ],
  async apply(tx: SqlExecutor, recorded: RecordedEvent) {
    if (!recorded.streamName.startsWith(BOOKING_STREAM_PREFIX)) return;
    const bookingId = recorded.streamName.slice(BOOKING_STREAM_PREFIX.length);
    const event = parseBookingEvent(recorded);
    switch (event.type) {
      case 'OrderChangeRequested':
      case 'ExtrasRequested': {
        const { purchaseId, amount, at } = event.data;
        await tx.query(
          `INSERT INTO open_purchase_views (booking_id, purchase_id, amount, requested_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (booking_id) DO UPDATE SET purchase_id = $2, amount = $3, requested_at = $4`,
          [bookingId, purchaseId, amount.amount, at],
        );
        return;
      }
      case 'PurchaseConfirmed':
        if (event.data.amount.amount > 0) return;
        break;
      case 'PurchasePaymentCaptured':
      case 'PurchaseFailed':
        break;
      default:
        return;
    }
    await tx.query('DELETE FROM open_purchase_views WHERE booking_id = $1 AND purchase_id = $2', [
      bookingId,
      event.data.purchaseId,
    ]);
  },
  async reset(tx) {
    await tx.query('DELETE FROM open_purchase_views');
  },
};

/** The bookings with a purchase open that pays nothing (no card payment to find it by), oldest first. */
export async function openFreePurchases(
  sql: SqlExecutor,
  limit = 1_000,
): Promise<Array<{ bookingId: string; purchaseId: string }>> {
  const { rows } = await sql.query<{ booking_id: string; purchase_id: string }>(
    'SELECT booking_id, purchase_id FROM open_purchase_views WHERE amount = 0 ORDER BY requested_at LIMIT $1',
    [limit],
  );
  return rows.map((row) => ({ bookingId: row.booking_id, purchaseId: row.purchase_id }));
}
