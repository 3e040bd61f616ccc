import { writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { CLAIM_HEARTBEAT } from '../bookings/test-support/claim-heartbeat.js';

/** Where a probed process writes its counts by statement text at each SIGUSR2 (unset: it does not). */
export const SQL_COUNT_DIR = 'SQL_COUNT_DIR';

/** One statement text's count and rows, keyed by the text with its whitespace collapsed. */
export type SqlCountByText = Record<string, { statements: number; rows: number }>;

/** The file a probed process writes its counts by text to when asked for the `asked`th time. */
export const sqlCountFile = (directory: string, pid: number, asked: number) =>
  path.join(directory, `sql-count-${pid}-${asked}.json`);

/**
 * Counts every statement this process sends to PostgreSQL (pooled, listening and lease
 * connections alike) and the rows they answer or change, at the `pg` client: the counting
 * SqlClient of statements-per-booking.ts, for real processes, with its booking requests' claim
 * heartbeats apart (their number follows how long a request takes, not what it does). SIGUSR2
 * prints the totals on stdout as `sql-count <n> <statements> <rows> <heartbeats>`, `n` counting
 * the requests from 1; with SQL_COUNT_DIR set it also writes them by statement text there
 * (sqlCountFile), for the scale benchmark to say where the statements come from.
 */
export function installSqlCountProbe(): void {
  let statements = 0;
  let rows = 0;
  let heartbeats = 0;
  let asked = 0;
  const byText: SqlCountByText = {};
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    statements += 1;
    const raw = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
    const text = raw?.replace(/\s+/g, ' ').trim() ?? '(no text)';
    if (CLAIM_HEARTBEAT.test(text)) heartbeats += 1;
    const counted = (byText[text] ??= { statements: 0, rows: 0 });
    counted.statements += 1;
    const answer = query.apply(this, args);
    if (answer instanceof Promise) {
      answer.then(
        (result: { rowCount?: number | null } | undefined) => {
          rows += result?.rowCount ?? 0;
          counted.rows += result?.rowCount ?? 0;
        },
        () => {},
      );
    }
    return answer;
  } as typeof pg.Client.prototype.query;
  process.on('SIGUSR2', () => {
    asked += 1;
    const directory = process.env[SQL_COUNT_DIR];
    if (directory) writeFileSync(sqlCountFile(directory, process.pid, asked), JSON.stringify(byText));
    writeSync(1, `sql-count ${asked} ${statements} ${rows} ${heartbeats}\n`);
  });
}
