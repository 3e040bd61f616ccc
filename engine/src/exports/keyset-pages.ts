import type { SqlExecutor } from '../storage/sql.js';

/** Rows read per query: a page, then the next after its last key, so memory holds one page at a time. */
export const EXPORT_PAGE_ROWS = 1_000;

/**
 * The rows of `select` page by page, in (created_at, booking_id) order: each query asks for the rows
 * after the last one read (keyset pagination, a cursor that holds no transaction open while the
 * download is slow). `select` has `$1` and `$2` for the last key and `$3` for the page size, after
 * which come `params`.
 */
export async function* keysetPages<Row extends { created_at: Date | string; booking_id: string }>(
  sql: SqlExecutor,
  select: string,
  params: readonly unknown[],
  pageRows = EXPORT_PAGE_ROWS,
): AsyncGenerator<Row[]> {
  let after: [string, string] = ['-infinity', ''];
  for (;;) {
    const { rows } = await sql.query<Row>(select, [...after, pageRows, ...params]);
    if (rows.length > 0) yield rows;
    if (rows.length < pageRows) return;
    const last = rows.at(-1)!;
    after = [new Date(last.created_at).toISOString(), last.booking_id];
  }
}
