import type { RevenueFigures } from '@contrail/shared/admin/revenue';
import type { SqlExecutor } from '../storage/sql.js';
import { FIGURES, FIGURE_COLUMNS } from './columns.js';
import type { RankedRow, RevenueDay } from './report.js';

/** Which brands a reader asks about: every brand, or these. */
export type BrandScope = { all: true } | { all: false; brands: readonly string[] };

const brandFilter = (scope: BrandScope, index: number) => (scope.all ? '' : `AND brand_key = ANY($${index}::text[])`);
const brandParams = (scope: BrandScope) => (scope.all ? [] : [scope.brands]);

const DAY_COLUMNS = FIGURES.map((field) => `${FIGURE_COLUMNS[field]}::float8 AS "${field}"`).join(', ');

/** The revenue read model's sums, by day and by route and carrier, over a range of UTC days. */
export class RevenueReadModel {
  constructor(private readonly sql: SqlExecutor) {}

  async days(from: string, to: string, scope: BrandScope): Promise<RevenueDay[]> {
    const { rows } = await this.sql.query<
      Record<keyof RevenueFigures, number> & { brand_key: string; day: string; currency: string }
    >(
      `SELECT brand_key, to_char(day, 'YYYY-MM-DD') AS day, currency, ${DAY_COLUMNS}
         FROM revenue_days WHERE day BETWEEN $1::date AND $2::date ${brandFilter(scope, 3)}
         ORDER BY day, brand_key, currency`,
      [from, to, ...brandParams(scope)],
    );
    return rows.map((row) => ({
      brandKey: row.brand_key,
      day: row.day,
      currency: row.currency,
      figures: Object.fromEntries(FIGURES.map((field) => [field, Number(row[field])])) as RevenueFigures,
    }));
  }

  async ranked(from: string, to: string, scope: BrandScope): Promise<RankedRow[]> {
    const { rows } = await this.sql.query<{
      kind: 'route' | 'carrier';
      key: string;
      currency: string;
      bookings: number;
      gross: number;
    }>(
      `SELECT kind, key, currency, sum(bookings)::float8 AS bookings, sum(gross_sales)::float8 AS gross
         FROM revenue_ranked WHERE day BETWEEN $1::date AND $2::date ${brandFilter(scope, 3)}
         GROUP BY kind, key, currency`,
      [from, to, ...brandParams(scope)],
    );
    return rows.map((row) => ({
      kind: row.kind,
      key: row.key,
      currency: row.currency,
      bookings: Number(row.bookings),
      grossSales: Number(row.gross),
    }));
  }
}
