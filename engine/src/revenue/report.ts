import {
  REVENUE_TOP,
  type RevenueFigures,
  type RevenuePeriod,
  type RevenueQuery,
  type RevenueRanked,
  type RevenueReport,
  type RevenueTotal,
} from '@contrail/shared/admin/revenue';
import { periodStart } from '@contrail/shared/admin/revenue-periods';
import type { RankedKind } from './booking-money.js';
import { FIGURES } from './columns.js';

/** The stored sums of one brand, UTC day and currency. */
export interface RevenueDay {
  brandKey: string;
  day: string;
  currency: string;
  figures: RevenueFigures;
}

/** A route's, carrier's or pricing rule's sums over the asked range, per currency. */
export interface RankedRow extends RevenueRanked {
  kind: RankedKind;
}

function sumBy<Row>(rows: readonly Row[], keyOf: (row: Row) => string, figuresOf: (row: Row) => RevenueFigures) {
  const sums = new Map<string, { first: Row; figures: RevenueFigures }>();
  for (const row of rows) {
    const key = keyOf(row);
    const known = sums.get(key);
    // Added in place: a new object per row made a year of days the answer's largest cost.
    if (known) for (const field of FIGURES) known.figures[field] += figuresOf(row)[field];
    else sums.set(key, { first: row, figures: { ...figuresOf(row) } });
  }
  return [...sums.values()];
}

function totalOf(currency: string, figures: RevenueFigures): RevenueTotal {
  const { bookings } = figures;
  return {
    ...figures,
    currency,
    cancellationRate: bookings === 0 ? 0 : figures.cancellations / bookings,
    averageBookingValue: bookings === 0 ? 0 : Math.round(figures.grossSales / bookings),
  };
}

const ofKind = (rows: readonly RankedRow[], kind: RankedKind): RevenueRanked[] =>
  rows.filter((row) => row.kind === kind).map(({ kind: _kind, ...ranked }) => ranked);

const topOf = (rows: readonly RankedRow[], kind: RankedKind): RevenueRanked[] =>
  ofKind(rows, kind)
    .sort((a, b) => b.grossSales - a.grossSales || b.bookings - a.bookings || a.key.localeCompare(b.key))
    .slice(0, REVENUE_TOP);

/** Every rule that priced a booking in the range (a brand has at most 100), largest margin first. */
const byRule = (rows: readonly RankedRow[]): RevenueRanked[] =>
  ofKind(rows, 'rule').sort(
    (a, b) =>
      b.markupMargin - a.markupMargin ||
      (a.brandKey ?? '').localeCompare(b.brandKey ?? '') ||
      a.key.localeCompare(b.key) ||
      a.currency.localeCompare(b.currency),
  );

/** The report of a range: the days summed into periods, totals per currency, the top routes and carriers, the sales per pricing rule. */
export function revenueReport(
  query: RevenueQuery,
  brands: readonly string[],
  days: readonly RevenueDay[],
  ranked: readonly RankedRow[],
): RevenueReport {
  const periods: RevenuePeriod[] = sumBy(
    days,
    (row) => `${periodStart(row.day, query.granularity)} ${row.brandKey} ${row.currency}`,
    (row) => row.figures,
  )
    .map(({ first, figures }) => ({
      ...figures,
      period: periodStart(first.day, query.granularity),
      brandKey: first.brandKey,
      currency: first.currency,
    }))
    .sort(
      (a, b) =>
        a.period.localeCompare(b.period) ||
        a.brandKey.localeCompare(b.brandKey) ||
        a.currency.localeCompare(b.currency),
    );
  const totals = sumBy(
    days,
    (row) => row.currency,
    (row) => row.figures,
  )
    .map(({ first, figures }) => totalOf(first.currency, figures))
    .sort((a, b) => a.currency.localeCompare(b.currency));
  return {
    from: query.from,
    to: query.to,
    granularity: query.granularity,
    brands: [...brands],
    periods,
    totals,
    topRoutes: topOf(ranked, 'route'),
    topCarriers: topOf(ranked, 'carrier'),
    byRule: byRule(ranked),
  };
}
