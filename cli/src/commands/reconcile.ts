import {
  lastReconciliationSchema,
  reconciliationRunSchema,
  type ReconciliationFinding,
  type ReconciliationReport,
} from '@contrail/shared/admin/reconciliation';
import type { CommandContext } from '../context.js';
import { CliError, InputError } from '../errors.js';
import { print, printJson, printTable } from '../io.js';

export interface ReconcileOptions {
  dryRun?: boolean;
  since?: string;
  settle?: string;
  last?: boolean;
  json?: boolean;
}

const ids = (finding: ReconciliationFinding) =>
  [finding.bookingId && `booking ${finding.bookingId}`, finding.paymentId, finding.orderId].filter(Boolean).join(', ');

function printReport(ctx: CommandContext, report: ReconciliationReport): void {
  const { bookings, authorizations, orders, captures, voids } = report.counts;
  print(
    ctx.io,
    `Checked ${report.checkedAt}, everything since ${report.since}${report.repaired ? '' : ' (dry run: nothing changed)'}`,
  );
  print(
    ctx.io,
    `Bookings: ${bookings.confirmed} confirmed, ${bookings.completed} completed, ${bookings.cancelled} cancelled, ` +
      `${bookings.failed} failed, ${bookings.pending} pending`,
  );
  print(
    ctx.io,
    `Provider: ${authorizations} authorizations, ${captures} captures, ${voids} voids, ${orders} live orders`,
  );
  const section = (title: string, rows: ReadonlyArray<ReconciliationFinding & { action?: string }>) => {
    if (rows.length === 0) return;
    print(ctx.io);
    print(ctx.io, title);
    printTable(ctx.io, rows, [
      { header: 'KIND', value: (row) => row.kind },
      { header: rows[0]!.action === undefined ? 'SEEN' : 'DONE', value: (row) => row.action ?? row.detail },
      { header: 'IDS', value: ids },
    ]);
  };
  section(report.repaired ? 'Repaired (each recorded as an event with its reason):' : 'Would repair:', report.repairs);
  section('Needs a person:', report.mismatches);
  section('Could not check now (the next run tries again):', report.unchecked);
  if (report.repairs.length + report.mismatches.length + report.unchecked.length === 0) {
    print(ctx.io, 'Everything matches.');
  }
}

/**
 * `contrail reconcile`: compares the event store with the payment and flight providers now,
 * repairs what is safe and lists the rest (platform admins). Exits 3 when a mismatch needs a person.
 */
export async function reconcileNow(ctx: CommandContext, options: ReconcileOptions): Promise<void> {
  let report: ReconciliationReport | null;
  if (options.last) {
    ({ report } = await ctx.client.call('GET', '/api/admin/reconciliation', {
      action: 'contrail reconcile --last',
      schema: lastReconciliationSchema,
    }));
    if (!report) return print(ctx.io, 'No reconciliation has run yet.');
  } else {
    const settle = options.settle === undefined ? undefined : Number(options.settle);
    if (settle !== undefined && (!Number.isInteger(settle) || settle < 0))
      throw new InputError('settle: a whole number of seconds');
    const since = options.since === undefined ? undefined : new Date(options.since);
    if (since && Number.isNaN(since.getTime())) throw new InputError('since: a date or time, like 2026-11-01');
    ({ report } = await ctx.client.call('POST', '/api/admin/reconciliation', {
      action: 'contrail reconcile',
      schema: reconciliationRunSchema,
      body: {
        dryRun: options.dryRun === true,
        ...(since && { since: since.toISOString() }),
        ...(settle !== undefined && { settleSeconds: settle }),
      },
    }));
  }
  if (options.json) printJson(ctx.io, report);
  else printReport(ctx, report);
  if (report.mismatches.length > 0) {
    throw new CliError(`${report.mismatches.length} mismatch(es) need a person (see the report above)`, 3);
  }
}
