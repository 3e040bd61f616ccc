import type { SqlClient } from '../../storage/sql.js';
import { revenueProjection } from '../projection.js';
import { cancelledBooking, recordedEvents, soldBooking, type SaleFacts } from './revenue-events.js';

/** Sales (and, with `cancel`, their cancellations) written into the revenue read model, for other packages' tests. */
export async function seedRevenue(
  sql: SqlClient,
  sales: readonly (SaleFacts & { cancel?: { providerRefund: number; refund: number; at: string } })[],
): Promise<void> {
  const events = sales.flatMap((sale, index) =>
    recordedEvents(
      sale.bookingId,
      [
        ...soldBooking(sale),
        ...(sale.cancel ? cancelledBooking({ bookingId: sale.bookingId, refundFee: 0, ...sale.cancel }) : []),
      ],
      index * 100,
    ),
  );
  await sql.transaction((tx) => revenueProjection.applyBatch!(tx, events, new Map()));
}
