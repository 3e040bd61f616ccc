import type { RevenueFigures } from '@contrail/shared/admin/revenue';
import type { SqlExecutor } from '../storage/sql.js';
import type { RankedKind } from './booking-money.js';
import { FIGURES, FIGURE_COLUMNS } from './columns.js';
import type { RankedRow, RevenueDay } from './report.js';

/** Which brands a reader asks about: every brand, or these. */
export type BrandScope = { all: true } | { all: false; brands: readonly string[] };

const brandFilter = (scope: BrandScope, index: number) => (scope.all ? '' : `AND brand_key = ANY($${index}::text[])`);
const brandParams = (scope: BrandScope) => (scope.all ? [] : [scope.brands]);

const DAY_COLUMNS = FIGURES.map((field) => `${FIGURE_COLUMNS[field]}::float8 AS "${field}"`).join(', ');

/** The revenue read model's sums, by day and by route, carrier and pricing rule, over a range of UTC days. */
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
    const { rows } = await this.sql.query<StoredRanked>(
      `SELECT kind, key, currency, brand_key, sum(bookings)::float8 AS bookings, sum(gross_sales)::float8 AS gross,
              sum(provider_cost)::float8 AS cost, sum(markup_margin)::float8 AS margin
         FROM revenue_ranked WHERE day BETWEEN $1::date AND $2::date ${brandFilter(scope, 3)}
         GROUP BY kind, key, currency, brand_key`,
      [from, to, ...brandParams(scope)],
    );
    return sumAcrossBrands(rows);
  }
}

interface StoredRanked {
  kind: RankedKind;
  key: string;
  currency: string;
  brand_key: string;
  bookings: number;
  gross: number;
  cost: number;
  margin: number;
}

/** A rule is its brand's (each brand's "default" apart); a route or carrier sums over the brands asked for. */
function sumAcrossBrands(rows: readonly StoredRanked[]): RankedRow[] {
  const sums = new Map<string, RankedRow>();
  for (const row of rows) {
    const brandKey = row.kind === 'rule' ? row.brand_key : undefined;
    const key = [row.kind, row.key, row.currency, brandKey ?? ''].join('\u0000');
    const known = sums.get(key);
    sums.set(key, {
      kind: row.kind,
      key: row.key,
      currency: row.currency,
      bookings: (known?.bookings ?? 0) + Number(row.bookings),
      grossSales: (known?.grossSales ?? 0) + Number(row.gross),
      providerCost: (known?.providerCost ?? 0) + Number(row.cost),
      markupMargin: (known?.markupMargin ?? 0) + Number(row.margin),
      ...(brandKey !== undefined && { brandKey }),
    });
  }
  return [...sums.values()];
}
