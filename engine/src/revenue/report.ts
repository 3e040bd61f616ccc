import {
  REVENUE_TOP,
  ZERO_FIGURES,
  type RevenueFigures,
  type RevenuePeriod,
  type RevenueQuery,
  type RevenueRanked,
  type RevenueReport,
  type RevenueTotal,
} from '@contrail/shared/admin/revenue';
import { addFigures, periodStart } from '@contrail/shared/admin/revenue-periods';

/** The stored sums of one brand, UTC day and currency. */
export interface RevenueDay {
  brandKey: string;
  day: string;
  currency: string;
  figures: RevenueFigures;
}

/** A route's or carrier's sums over the asked range, per currency. */
export interface RankedRow extends RevenueRanked {
  kind: 'route' | 'carrier';
}

function sumBy<Row>(rows: readonly Row[], keyOf: (row: Row) => string, figuresOf: (row: Row) => RevenueFigures) {
  const sums = new Map<string, { first: Row; figures: RevenueFigures }>();
  for (const row of rows) {
    const key = keyOf(row);
    const known = sums.get(key);
    sums.set(key, { first: known?.first ?? row, figures: addFigures(known?.figures ?? ZERO_FIGURES, figuresOf(row)) });
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

const topOf = (rows: readonly RankedRow[], kind: RankedRow['kind']): RevenueRanked[] =>
  rows
    .filter((row) => row.kind === kind)
    .sort((a, b) => b.grossSales - a.grossSales || b.bookings - a.bookings || a.key.localeCompare(b.key))
    .slice(0, REVENUE_TOP)
    .map(({ key, currency, bookings, grossSales }) => ({ key, currency, bookings, grossSales }));

/** The report of a range: the days summed into periods, totals per currency, the top routes and carriers. */
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
  };
}
