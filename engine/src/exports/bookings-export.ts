import { decimalAmount } from '@contrail/shared/booking/money';
import { initials, type ExportQuery } from '@contrail/shared/exports/exports';
import { toBookingRow, type StoredBookingRow } from '../bookings/read-model/columns.js';
import { openPassengers } from '../bookings/pii/passengers.js';
import type { PiiVault } from '../bookings/pii/vault.js';
import type { SqlExecutor } from '../storage/sql.js';
import { inert } from '../support-desk/access-log.js';
import { keysetPages } from './keyset-pages.js';
import { periodFilter } from './period-filter.js';

const iso = (value: string | null) => value ?? '';

/** How travellers are named: initials, or in full once the reason to see them is recorded. */
export type ExportNames = 'initials' | 'full';

const nameOf = (pii: { firstName: string; lastName: string }, names: ExportNames) =>
  names === 'full' ? `${pii.firstName} ${pii.lastName}` : initials(pii.firstName, pii.lastName);

/**
 * The bookings of the admin list's filters as CSV records (BOOKING_EXPORT_COLUMNS), page by page;
 * travellers' names as initials unless `names` is 'full' (an erased traveller as "erased").
 */
export async function* bookingRecords(
  deps: { sql: SqlExecutor; vault: PiiVault },
  query: ExportQuery,
  pageRows?: number,
  names: ExportNames = 'initials',
): AsyncGenerator<(string | number)[][]> {
  const filter = periodFilter(query, 4);
  const select = `SELECT * FROM booking_views
    WHERE (created_at, booking_id) > ($1::timestamptz, $2) ${filter.where}
    ORDER BY created_at, booking_id LIMIT $3`;
  for await (const stored of keysetPages<StoredBookingRow>(deps.sql, select, filter.params, pageRows)) {
    yield await Promise.all(
      stored.map(async (columns) => {
        const row = toBookingRow(columns);
        const passengers = await openPassengers(deps.vault, row.passengers);
        return [
          row.bookingId,
          row.reference ?? '',
          row.brandKey,
          row.status,
          row.createdAt,
          iso(row.departsAt),
          passengers.length,
          inert(passengers.map(({ pii }) => (pii ? nameOf(pii, names) : 'erased')).join('; ')),
          decimalAmount(row.total.amount, row.total.currency),
          row.total.currency,
        ];
      }),
    );
  }
}
