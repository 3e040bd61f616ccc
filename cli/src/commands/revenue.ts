import { REVENUE_COLUMNS } from '@contrail/shared/admin/revenue-columns';
import { revenueReportSchema, type RevenuePeriod, type RevenueReport } from '@contrail/shared/admin/revenue';
import { decimalAmount } from '@contrail/shared/booking/refund';
import { csvText } from '@contrail/shared/csv/rfc4180';
import type { CommandContext } from '../context.js';
import { InputError } from '../errors.js';
import { print, printJson, printTable } from '../io.js';

export interface RevenueOptions {
  from: string;
  to: string;
  brand?: string;
  granularity?: string;
  json?: boolean;
  csv?: boolean;
}

const cellOf = (period: RevenuePeriod, column: (typeof REVENUE_COLUMNS)[number]) =>
  column.money ? decimalAmount(period[column.field], period.currency) : String(period[column.field]);

/** One record per period, brand and currency; amounts in the currency's decimals. */
export function revenueCsv(report: RevenueReport): string {
  return csvText(
    ['period', 'brand', 'currency', ...REVENUE_COLUMNS.map((column) => column.csv)],
    report.periods.map((period) => [
      period.period,
      period.brandKey,
      period.currency,
      ...REVENUE_COLUMNS.map((column) => cellOf(period, column)),
    ]),
  );
}

function printReport(ctx: CommandContext, report: RevenueReport): void {
  print(
    ctx.io,
    `Revenue ${report.from} to ${report.to} by ${report.granularity}, brands: ${report.brands.join(', ') || 'none'}`,
  );
  if (report.periods.length === 0) return print(ctx.io, 'No money moved in this period.');
  const shown = REVENUE_COLUMNS.filter((column) => column.field !== 'incompleteBookings');
  printTable(ctx.io, report.periods, [
    { header: 'PERIOD', value: (row) => row.period },
    { header: 'BRAND', value: (row) => row.brandKey },
    { header: 'CUR', value: (row) => row.currency },
    ...shown.map((column) => ({
      header: column.label.toUpperCase(),
      value: (row: RevenuePeriod) => cellOf(row, column),
    })),
  ]);
  for (const total of report.totals) {
    const money = (minor: number) => `${decimalAmount(minor, total.currency)} ${total.currency}`;
    print(ctx.io);
    print(
      ctx.io,
      `Total ${total.currency}: ${total.bookings} bookings, gross ${money(total.grossSales)}, net margin ${money(total.netMargin)}, ` +
        `average booking ${money(total.averageBookingValue)}, cancellation rate ${(total.cancellationRate * 100).toFixed(1)}%`,
    );
    if (total.incompleteBookings > 0)
      print(
        ctx.io,
        `${total.incompleteBookings} booking(s) recorded without a provider total or card fee (counted as 0).`,
      );
  }
  const ranked = (title: string, rows: RevenueReport['topRoutes']) =>
    rows.length > 0 && print(ctx.io, `${title}: ${rows.map((row) => `${row.key} (${row.bookings})`).join(', ')}`);
  print(ctx.io);
  ranked('Top routes', report.topRoutes);
  ranked('Top carriers', report.topCarriers);
  printByRule(ctx, report.byRule);
}

/** The sales per pricing rule, as each booking recorded the rule that priced it. */
function printByRule(ctx: CommandContext, rows: RevenueReport['byRule']): void {
  if (rows.length === 0) return;
  const amount = (minor: number, currency: string) => decimalAmount(minor, currency);
  print(ctx.io);
  print(ctx.io, 'By pricing rule:');
  printTable(ctx.io, rows, [
    { header: 'BRAND', value: (row) => row.brandKey ?? '' },
    { header: 'RULE', value: (row) => row.key },
    { header: 'CUR', value: (row) => row.currency },
    { header: 'BOOKINGS', value: (row) => String(row.bookings) },
    { header: 'GROSS SALES', value: (row) => amount(row.grossSales, row.currency) },
    { header: 'PROVIDER COST', value: (row) => amount(row.providerCost, row.currency) },
    { header: 'MARKUP MARGIN', value: (row) => amount(row.markupMargin, row.currency) },
  ]);
}

/** `contrail revenue --from --to [--brand] [--granularity] [--json|--csv]`: the agency's money (admins). */
export async function revenue(ctx: CommandContext, options: RevenueOptions): Promise<void> {
  if (options.json && options.csv) throw new InputError('choose one of --json and --csv');
  const query = new URLSearchParams({ from: options.from, to: options.to });
  if (options.brand) query.set('brand', options.brand);
  if (options.granularity) query.set('granularity', options.granularity);
  const report = await ctx.client.call('GET', `/api/admin/revenue?${query}`, {
    action: 'contrail revenue',
    schema: revenueReportSchema,
  });
  if (options.json) printJson(ctx.io, report);
  else if (options.csv) ctx.io.stdout.write(revenueCsv(report));
  else printReport(ctx, report);
}
