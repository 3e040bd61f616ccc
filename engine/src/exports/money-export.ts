import { decimalAmount } from '@contrail/shared/booking/money';
import type { ExportQuery } from '@contrail/shared/exports/exports';
import type { RevenueBooking } from '../revenue/booking-money.js';
import type { SqlExecutor } from '../storage/sql.js';
import { keysetPages } from './keyset-pages.js';
import { periodFilter } from './period-filter.js';

interface MoneyRow {
  booking_id: string;
  reference: string | null;
  brand_key: string;
  created_at: Date | string;
  booking: RevenueBooking | string;
}

/**
 * One money line per booking that moved money (the revenue read model's facts): captured, the
 * airline's cost, the markup margin, refunded, in the booking's currency, as decimals (MONEY_EXPORT_COLUMNS).
 */
export async function* moneyRecords(
  deps: { sql: SqlExecutor },
  query: ExportQuery,
  pageRows?: number,
): AsyncGenerator<(string | number)[][]> {
  const filter = periodFilter(query, 4);
  const select = `SELECT booking_id, reference, brand_key, created_at, booking
    FROM revenue_bookings JOIN booking_views USING (booking_id)
    WHERE (created_at, booking_id) > ($1::timestamptz, $2) ${filter.where}
    ORDER BY created_at, booking_id LIMIT $3`;
  for await (const rows of keysetPages<MoneyRow>(deps.sql, select, filter.params, pageRows)) {
    yield rows.map((row) => {
      const money = (typeof row.booking === 'string' ? JSON.parse(row.booking) : row.booking) as RevenueBooking;
      const amount = (minor: number | null) => (minor === null ? '' : decimalAmount(minor, money.currency));
      return [
        row.booking_id,
        row.reference ?? '',
        row.brand_key,
        new Date(row.created_at).toISOString(),
        money.currency,
        amount(money.captured),
        amount(money.providerCost),
        amount(money.providerCost === null ? null : money.captured - money.providerCost),
        amount(money.refunded),
        money.cancelled ? 'yes' : 'no',
        money.ruleId ?? '',
      ];
    });
  }
}
