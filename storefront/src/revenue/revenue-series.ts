import type { RevenueReport } from '@contrail/shared/admin/revenue';
import { decimalAmount } from '@contrail/shared/booking/refund';

/** One point of the charts: a period's figures in one currency, every brand shown added up. */
export interface RevenuePoint {
  period: string;
  grossSales: number;
  markupMargin: number;
  netMargin: number;
  bookings: number;
  cancellations: number;
}

/** The currencies of a report, the busiest first (the one the charts start with). */
export function currenciesOf(report: RevenueReport): string[] {
  return [...report.totals].sort((a, b) => b.grossSales - a.grossSales).map((total) => total.currency);
}

/** The points of one currency, in period order; amounts in the currency's units (12.34), not minor units. */
export function revenueSeries(report: RevenueReport, currency: string): RevenuePoint[] {
  const points = new Map<string, RevenuePoint>();
  const major = (minor: number) => Number(decimalAmount(minor, currency));
  for (const row of report.periods) {
    if (row.currency !== currency) continue;
    const known = points.get(row.period) ?? {
      period: row.period,
      grossSales: 0,
      markupMargin: 0,
      netMargin: 0,
      bookings: 0,
      cancellations: 0,
    };
    points.set(row.period, {
      period: row.period,
      grossSales: known.grossSales + major(row.grossSales),
      markupMargin: known.markupMargin + major(row.markupMargin),
      netMargin: known.netMargin + major(row.netMargin),
      bookings: known.bookings + row.bookings,
      cancellations: known.cancellations + row.cancellations,
    });
  }
  return [...points.values()].sort((a, b) => a.period.localeCompare(b.period));
}

/** 1234.5 as "1,234.50". */
export const formatAmount = (amount: number) =>
  amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
