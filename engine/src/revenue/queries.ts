import type { RevenueFigures } from '@contrail/shared/admin/revenue';
import type { SqlExecutor } from '../storage/sql.js';
import type { RankedKind } from './booking-money.js';
import { FIGURES, FIGURE_COLUMNS } from './columns.js';
import type { RankedRow, RevenueDay } from './report.js';

/** Which brands a reader asks about: every brand, or these. */
export type BrandScope = { all: true } | { all: false; brands: readonly string[] };

const brandFilter = (scope: BrandScope, index: number) => (scope.all ? '' : `AND brand_key = ANY($${index}::text[])`);
const brandParams = (scope: BrandScope) => (scope.all ? [] : [scope.brands]);

const DAY_COLUMNS = FIGURES.map((field) => FIGURE_COLUMNS[field]).join(', ');
const SALE_COLUMNS = 'route, carrier, rule, currency, brand_key, bookings, gross_sales, provider_cost, markup_margin';

const DAY_MS = 86_400_000;
const dateOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The calendar months wholly inside from..to, as the first day of the first and the last day of
 * the last; when there is none, an empty span just after `to` (from > to).
 */
export function wholeMonths(from: string, to: string): { from: string; to: string } {
  const first = from.endsWith('-01') ? from : dayOf(Date.UTC(+from.slice(0, 4), +from.slice(5, 7), 1));
  const afterTo = dayOf(dateOf(to) + DAY_MS);
  const last = afterTo.endsWith('-01') ? to : dayOf(Date.UTC(+to.slice(0, 4), +to.slice(5, 7) - 1, 1) - DAY_MS);
  return first <= last ? { from: first, to: last } : { from: afterTo, to };
}

/** The revenue read model's sums, by day and by route, carrier and pricing rule, over a range of UTC days. */
export class RevenueReadModel {
  constructor(private readonly sql: SqlExecutor) {}

  /** Each stored day's sums (the rows come as one JSON array: one value to decode, not one per cell). */
  async days(from: string, to: string, scope: BrandScope): Promise<RevenueDay[]> {
    const { rows } = await this.sql.query<{ days: [string, string, string, ...number[]][] }>(
      `SELECT coalesce(json_agg(json_build_array(brand_key, to_char(day, 'YYYY-MM-DD'), currency, ${DAY_COLUMNS})
                ORDER BY day, brand_key, currency), '[]') AS days
         FROM revenue_days WHERE day BETWEEN $1::date AND $2::date ${brandFilter(scope, 3)}`,
      [from, to, ...brandParams(scope)],
    );
    return rows[0]!.days.map(([brandKey, day, currency, ...sums]) => ({
      brandKey,
      day,
      currency,
      figures: Object.fromEntries(FIGURES.map((field, index) => [field, Number(sums[index])])) as RevenueFigures,
    }));
  }

  /**
   * The rankings' sums: whole months from the month rows, the days before and after them from the
   * day rows; each sale row counts under its route, its carrier and its rule ('': none recorded).
   */
  async ranked(from: string, to: string, scope: BrandScope): Promise<RankedRow[]> {
    const months = wholeMonths(from, to);
    const { rows } = await this.sql.query<{ ranked: [RankedKind, string, string, string, ...number[]][] }>(
      `SELECT coalesce(json_agg(json_build_array(kind, key, currency, brand_key,
                sum_bookings, sum_gross, sum_cost, sum_margin)), '[]') AS ranked
         FROM (SELECT CASE WHEN GROUPING(route) = 0 THEN 'route' WHEN GROUPING(carrier) = 0 THEN 'carrier' ELSE 'rule' END AS kind,
                      coalesce(route, carrier, rule) AS key, currency, brand_key,
                      sum(bookings) AS sum_bookings, sum(gross_sales) AS sum_gross,
                      sum(provider_cost) AS sum_cost, sum(markup_margin) AS sum_margin
                 FROM (SELECT ${SALE_COLUMNS} FROM revenue_sales_months
                        WHERE month BETWEEN $3::date AND $4::date ${brandFilter(scope, 5)}
                       UNION ALL
                       SELECT ${SALE_COLUMNS} FROM revenue_sales
                        WHERE day BETWEEN $1::date AND $2::date AND (day < $3::date OR day > $4::date) ${brandFilter(scope, 5)}
                      ) AS parts
                GROUP BY GROUPING SETS ((route, currency, brand_key), (carrier, currency, brand_key), (rule, currency, brand_key))
              ) AS sums
        WHERE key <> ''`,
      [from, to, months.from, months.to, ...brandParams(scope)],
    );
    return sumAcrossBrands(
      rows[0]!.ranked.map(([kind, key, currency, brand_key, bookings, gross, cost, margin]) => ({
        kind,
        key,
        currency,
        brand_key,
        bookings: bookings!,
        gross: gross!,
        cost: cost!,
        margin: margin!,
      })),
    );
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
