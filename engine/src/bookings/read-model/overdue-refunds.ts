import { decimalAmount } from '@contrail/shared/booking/money';
import { isRefundOverdue, REFUND_PAYOUT_DAYS, type OverdueRefund } from '@contrail/shared/booking/refund-progress';
import type { SqlExecutor } from '../../storage/sql.js';
import { toBookingRow, type StoredBookingRow } from './columns.js';
import { rowRefundProgress } from './view.js';

const DAY_MS = 86_400_000;

/**
 * Issue 36: refunds the airline paid more than REFUND_PAYOUT_DAYS ago that the traveller has not
 * been paid yet, oldest first: the bookings read model's refunds (derived from the events), the
 * one rule (isRefundOverdue) deciding. No personal data: support opens a booking to see more.
 */
export async function overdueRefunds(sql: SqlExecutor, now: Date, brandKey?: string): Promise<OverdueRefund[]> {
  const before = new Date(now.getTime() - REFUND_PAYOUT_DAYS * DAY_MS).toISOString();
  const { rows } = await sql.query<StoredBookingRow>(
    `SELECT * FROM booking_views
     WHERE refund->>'status' = 'pending' AND (refund->>'airlinePaidAt')::timestamptz < $1::timestamptz
       AND ($2::text IS NULL OR brand_key = $2)
     ORDER BY (refund->>'airlinePaidAt')::timestamptz LIMIT 500`,
    [before, brandKey ?? null],
  );
  return rows.flatMap((stored) => {
    const row = toBookingRow(stored);
    const progress = row.refund && rowRefundProgress(row.refund);
    if (!row.refund || !progress || !isRefundOverdue(progress, now)) return [];
    const { amount, currency } = row.refund.amount;
    return [
      {
        bookingId: row.bookingId,
        reference: row.reference,
        brandKey: row.brandKey,
        amount: decimalAmount(amount, currency),
        currency,
        airlinePaidAt: progress.airlinePaidAt!,
        promisedBy: progress.promisedBy!,
        daysSinceAirlinePaid: Math.floor((now.getTime() - Date.parse(progress.airlinePaidAt!)) / DAY_MS),
      },
    ];
  });
}
