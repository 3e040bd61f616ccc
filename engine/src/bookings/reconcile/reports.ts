import type { ReconciliationReport } from '@contrail/shared/admin/reconciliation';
import type { SqlExecutor } from '../../storage/sql.js';

const KEEP = 200;

/** Keeps a run's report (the last KEEP of them), for the admin support page and `contrail reconcile --last`. */
export async function saveReport(sql: SqlExecutor, report: ReconciliationReport): Promise<void> {
  await sql.query('INSERT INTO reconciliation_reports (checked_at, report) VALUES ($1, $2::jsonb)', [
    report.checkedAt,
    JSON.stringify(report),
  ]);
  await sql.query(
    `DELETE FROM reconciliation_reports WHERE id <= (SELECT id FROM reconciliation_reports ORDER BY id DESC OFFSET $1 LIMIT 1)`,
    [KEEP],
  );
}

export async function latestReport(sql: SqlExecutor): Promise<ReconciliationReport | null> {
  const { rows } = await sql.query<{ report: ReconciliationReport | string }>(
    'SELECT report FROM reconciliation_reports ORDER BY id DESC LIMIT 1',
  );
  const report = rows[0]?.report;
  if (report === undefined) return null;
  return typeof report === 'string' ? (JSON.parse(report) as ReconciliationReport) : report;
}
