import { writeSync } from 'node:fs';
import pg from 'pg';
import { CLAIM_HEARTBEAT } from '../bookings/test-support/claim-heartbeat.js';

/**
 * Counts every statement this process sends to PostgreSQL (pooled, listening and lease
 * connections alike) and the rows they answer or change, at the `pg` client: the counting
 * SqlClient of statements-per-booking.ts, for real processes, with its booking requests' claim
 * heartbeats apart (their number follows how long a request takes, not what it does). SIGUSR2
 * prints the totals on stdout as `sql-count <n> <statements> <rows> <heartbeats>`, `n` counting
 * the requests from 1.
 */
export function installSqlCountProbe(): void {
  let statements = 0;
  let rows = 0;
  let heartbeats = 0;
  let asked = 0;
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    statements += 1;
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
    if (text && CLAIM_HEARTBEAT.test(text.replace(/\s+/g, ' ').trim())) heartbeats += 1;
    const answer = query.apply(this, args);
    if (answer instanceof Promise) {
      answer.then(
        (result: { rowCount?: number | null } | undefined) => (rows += result?.rowCount ?? 0),
        () => {},
      );
    }
    return answer;
  } as typeof pg.Client.prototype.query;
  process.on('SIGUSR2', () => {
    asked += 1;
    writeSync(1, `sql-count ${asked} ${statements} ${rows} ${heartbeats}\n`);
  });
}
