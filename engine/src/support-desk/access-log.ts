import { csvText } from '@contrail/shared/csv/rfc4180';
import {
  ACCESS_LOG_CSV_HEADER,
  type AccessLogEntry,
  type AccessLogQuery,
  type RevealedData,
} from '@contrail/shared/support-desk/contracts';
import type { SqlExecutor } from '../storage/sql.js';

interface Stored {
  at: Date | string;
  booking_id: string;
  brand_key: string;
  user_id: string;
  username: string;
  seen: RevealedData[];
  reason: string;
  exported: string | null;
}

const isoOf = (value: Date | string) => new Date(value).toISOString();

/** The access log, newest first, filtered by booking and by staff member's username. */
export async function accessLogEntries(sql: SqlExecutor, query: AccessLogQuery): Promise<AccessLogEntry[]> {
  const { rows } = await sql.query<Stored>(
    `SELECT at, booking_id, brand_key, user_id, username, seen, reason, exported FROM personal_data_access_log
     WHERE ($1::text IS NULL OR booking_id = $1) AND ($2::text IS NULL OR lower(username) = lower($2))
     ORDER BY at DESC, event_id LIMIT $3`,
    [query.bookingId ?? null, query.username ?? null, query.limit],
  );
  return rows.map((row) => ({
    at: isoOf(row.at),
    bookingId: row.booking_id,
    brandKey: row.brand_key,
    userId: row.user_id,
    username: row.username,
    seen: row.seen,
    reason: row.reason,
    ...(row.exported !== null && { exported: row.exported }),
  }));
}

/**
 * A reason is text a person typed: a spreadsheet would run one starting with = + - @ as a formula,
 * so such a field is written after an apostrophe (OWASP's advice for CSV injection).
 */
export const inert = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** The access log as CSV (RFC 4180), for a spreadsheet or an auditor. */
export function accessLogCsv(entries: readonly AccessLogEntry[]): string {
  return csvText(
    ACCESS_LOG_CSV_HEADER,
    entries.map((entry) => [
      entry.at,
      inert(entry.username),
      entry.userId,
      entry.brandKey,
      entry.bookingId,
      entry.seen.join(' '),
      inert(entry.reason),
      entry.exported ?? '',
    ]),
  );
}
