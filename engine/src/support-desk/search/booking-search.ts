import type { BookingDateField } from '@contrail/shared/support-desk/booking-search';
import type { SearchKeyKind } from '@contrail/shared/support-desk/search-keys';
import { toBookingRow, type StoredBookingRow } from '../../bookings/read-model/columns.js';
import type { BookingRow } from '../../bookings/read-model/row.js';
import type { SqlExecutor } from '../../storage/sql.js';

export interface BookingSearchFilter {
  /** The brands searched; undefined: every brand (platform admins). */
  brands?: readonly string[] | undefined;
  /** Normalized: upper case, no spaces. */
  reference?: string | undefined;
  /** Blind-index digests a traveller of the booking must have, one per kind searched. */
  keys?: ReadonlyArray<{ kind: SearchKeyKind; digest: string }>;
  status?: string | undefined;
  dateField: BookingDateField;
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
  offset: number;
}

const DATE_COLUMNS: Record<BookingDateField, string> = { booked: 'v.created_at', departure: 'v.departs_at' };

/** The WHERE clause and its parameters: every filter given must hold. */
function whereOf(filter: BookingSearchFilter): { clause: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => {
    let text = sql;
    for (const value of values) {
      params.push(value);
      text = text.replace('?', `$${params.length}`);
    }
    where.push(text);
  };
  if (filter.brands) add('v.brand_key = ANY(?::text[])', filter.brands);
  if (filter.reference) add('v.reference = ?', filter.reference);
  if (filter.status) add('v.status = ?', filter.status);
  const column = DATE_COLUMNS[filter.dateField];
  if (filter.from) add(`${column} >= ?::timestamptz`, filter.from);
  if (filter.to) add(`${column} <= ?::timestamptz`, filter.to);
  for (const key of filter.keys ?? []) {
    add(
      'EXISTS (SELECT 1 FROM booking_search_keys k WHERE k.booking_id = v.booking_id AND k.kind = ? AND k.digest = ?)',
      key.kind,
      key.digest,
    );
  }
  return { clause: where.length > 0 ? `WHERE ${where.join(' AND ')}` : '', params };
}

/** A page of the bookings that match, newest booked first, and how many match in all. */
export async function searchBookings(
  sql: SqlExecutor,
  filter: BookingSearchFilter,
): Promise<{ rows: BookingRow[]; total: number }> {
  if (filter.brands?.length === 0) return { rows: [], total: 0 };
  const { clause, params } = whereOf(filter);
  const count = await sql.query<{ total: string | number }>(
    `SELECT count(*) AS total FROM booking_views v ${clause}`,
    params,
  );
  const { rows } = await sql.query<StoredBookingRow>(
    `SELECT v.* FROM booking_views v ${clause}
     ORDER BY v.created_at DESC, v.booking_id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, filter.limit, filter.offset],
  );
  return { rows: rows.map(toBookingRow), total: Number(count.rows[0]?.total ?? 0) };
}
