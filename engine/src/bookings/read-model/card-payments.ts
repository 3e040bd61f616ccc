import type { RecordedEvent } from '../../eventstore/eventstore.js';
import type { Projection } from '../../projections/projection.js';
import type { SqlExecutor } from '../../storage/sql.js';
import { PAYMENT_STREAM_PREFIX, parseCardPaymentEvent } from '../domain/card-payment.js';

/** One card authorization made by process-card, and who holds it: the reconciler's list of holds. */
export interface CardPaymentRow {
  paymentId: string;
  brandKey: string;
  offerId: string;
  status: 'authorized' | 'claimed' | 'released';
  bookingId: string | null;
  offerExpiresAt: string | null;
  authorizedAt: string;
}

interface Stored {
  payment_id: string;
  brand_key: string;
  offer_id: string;
  status: CardPaymentRow['status'];
  booking_id: string | null;
  offer_expires_at: Date | string | null;
  authorized_at: Date | string;
}

/** The card payments read model, from the `payment-<id>` streams. */
export const cardPaymentsProjection: Projection = {
  name: 'card-payments',
  eventTypes: ['CardPaymentAuthorized', 'CardPaymentClaimed', 'CardPaymentReleased'],
  async apply(tx: SqlExecutor, recorded: RecordedEvent) {
    if (!recorded.streamName.startsWith(PAYMENT_STREAM_PREFIX)) return;
    const event = parseCardPaymentEvent(recorded);
    if (event.type === 'CardPaymentAuthorized') {
      const { paymentId, brandKey, offerId, offerExpiresAt, at } = event.data;
      await tx.query(
        `INSERT INTO card_payment_views (payment_id, brand_key, offer_id, status, offer_expires_at, authorized_at)
         VALUES ($1, $2, $3, 'authorized', $4, $5) ON CONFLICT (payment_id) DO NOTHING`,
        [paymentId, brandKey, offerId, offerExpiresAt, at],
      );
    } else if (event.type === 'CardPaymentClaimed') {
      await tx.query(`UPDATE card_payment_views SET status = 'claimed', booking_id = $2 WHERE payment_id = $1`, [
        event.data.paymentId,
        event.data.bookingId,
      ]);
    } else {
      await tx.query(`UPDATE card_payment_views SET status = 'released' WHERE payment_id = $1`, [event.data.paymentId]);
    }
  },
  async reset(tx) {
    await tx.query('DELETE FROM card_payment_views');
  },
};

/** Authorizations made since `since`, oldest first. */
export async function cardPaymentsSince(sql: SqlExecutor, since: string, limit = 10_000): Promise<CardPaymentRow[]> {
  const { rows } = await sql.query<Stored>(
    'SELECT * FROM card_payment_views WHERE authorized_at >= $1::timestamptz ORDER BY authorized_at LIMIT $2',
    [since, limit],
  );
  const instant = (value: Date | string) => new Date(value).toISOString();
  return rows.map((row) => ({
    paymentId: row.payment_id,
    brandKey: row.brand_key,
    offerId: row.offer_id,
    status: row.status,
    bookingId: row.booking_id,
    offerExpiresAt: row.offer_expires_at === null ? null : instant(row.offer_expires_at),
    authorizedAt: instant(row.authorized_at),
  }));
}

/** Which holds the expire-payments sweep gives back (instants as ISO text). */
export interface UnusedHoldCutoffs {
  /** Older ones are the reconciler's. */
  since: string;
  /** Offers that expired before this can no longer be booked. */
  expiredBefore: string;
  /** Authorized before this and still not taken by a booking: its booking request never came, or stopped. */
  unclaimedBefore: string;
}

/**
 * Authorizations authorized since `since` that no booking took, and either not taken before
 * `unclaimedBefore` or whose offer expired before `expiredBefore` (30 minutes after authorizing
 * when the offer's expiry was not recorded), oldest first: the expire-payments sweep's list.
 * Claimed by a booking that never started counts as not taken. The read model may lag: the sweep
 * checks each one against its stream.
 */
export async function unusedHolds(sql: SqlExecutor, cutoffs: UnusedHoldCutoffs, limit = 500): Promise<string[]> {
  const { rows } = await sql.query<{ payment_id: string }>(
    `SELECT c.payment_id FROM card_payment_views c
      WHERE c.authorized_at >= $1::timestamptz
        AND (COALESCE(c.offer_expires_at, c.authorized_at + interval '30 minutes') < $2::timestamptz
          OR c.authorized_at < $3::timestamptz)
        AND (c.status = 'authorized'
          OR (c.status = 'claimed' AND NOT EXISTS (SELECT 1 FROM booking_views b WHERE b.booking_id = c.booking_id)))
      ORDER BY c.authorized_at LIMIT $4`,
    [cutoffs.since, cutoffs.expiredBefore, cutoffs.unclaimedBefore, limit],
  );
  return rows.map((row) => row.payment_id);
}
