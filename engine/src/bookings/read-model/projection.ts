import { bookingReference } from '@contrail/shared/booking/status';
import type { RecordedEvent } from '../../eventstore/eventstore.js';
import type { Projection } from '../../projections/projection.js';
import type { SqlExecutor } from '../../storage/sql.js';
import type { BookingEvent } from '../events.js';
import { evolve, initialBookingState, type BookingState } from '../state.js';
import { statusOf } from './view.js';

/**
 * The bookings read model: one row per booking with the folded state (sealed passenger data stays
 * sealed) and the columns the lists filter on. Applying the events again from the first one gives
 * the same rows, because the fold is the decider's own `evolve`.
 */
export const bookingsProjection: Projection = {
  name: 'bookings',
  async apply(tx: SqlExecutor, recorded: RecordedEvent) {
    if (!recorded.streamName.startsWith('booking-')) return;
    const bookingId = recorded.streamName.slice('booking-'.length);
    const { rows } = await tx.query<{ state: BookingState | string }>(
      'SELECT state FROM booking_views WHERE booking_id = $1',
      [bookingId],
    );
    const stored = rows[0]?.state;
    const before =
      stored === undefined
        ? initialBookingState
        : typeof stored === 'string'
          ? (JSON.parse(stored) as BookingState)
          : stored;
    const state = evolve(before, { type: recorded.type, data: recorded.data } as BookingEvent);
    const booking = state.booking;
    if (!booking) return;
    const at = recorded.metadata.timestamp;
    await tx.query(
      `INSERT INTO booking_views (booking_id, brand_key, customer_id, status, reference, order_id, offer_id, amount, currency,
         departs_at, arrives_at, state, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $13)
       ON CONFLICT (booking_id) DO UPDATE SET customer_id = EXCLUDED.customer_id, status = EXCLUDED.status,
         reference = EXCLUDED.reference, order_id = EXCLUDED.order_id, amount = EXCLUDED.amount,
         currency = EXCLUDED.currency, state = EXCLUDED.state, updated_at = EXCLUDED.updated_at`,
      [
        bookingId,
        booking.brandKey,
        booking.customerId,
        statusOf(state.phase),
        state.order ? bookingReference(state.order.bookingReference) : null,
        state.order?.orderId ?? null,
        booking.offerId,
        (state.payment?.amount ?? booking.price).amount,
        booking.price.currency,
        booking.departsAt,
        booking.arrivesAt,
        JSON.stringify(state),
        at,
      ],
    );
  },
  async reset(tx) {
    await tx.query('DELETE FROM booking_views');
  },
};
