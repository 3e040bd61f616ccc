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

/**
 * Rows come back as one text of comma-separated fields and semicolon-separated rows: on the
 * embedded database, building and decoding JSON cost twice as much. Safe because no field can hold
 * either separator: brand keys, rule ids, routes, carriers and currencies are letters, digits, '.' and '-'.
 */
const asText = (columns: string, orderBy = '') => `coalesce(string_agg(concat_ws(',', ${columns}), ';'${orderBy}), '')`;
const rowsOf = (text: string): string[][] => (text === '' ? [] : text.split(';').map((row) => row.split(',')));
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

  /** Each stored day's sums (the rows come as one value to decode, not one per cell). */
  async days(from: string, to: string, scope: BrandScope): Promise<RevenueDay[]> {
    const columns = `brand_key, to_char(day, 'YYYY-MM-DD'), currency, ${DAY_COLUMNS}`;
    const { rows } = await this.sql.query<{ days: string }>(
      `SELECT ${asText(columns, ' ORDER BY day, brand_key, currency')} AS days
         FROM revenue_days WHERE day BETWEEN $1::date AND $2::date ${brandFilter(scope, 3)}`,
      [from, to, ...brandParams(scope)],
    );
    return rowsOf(rows[0]!.days).map(([brandKey, day, currency, ...sums]) => ({
      brandKey: brandKey!,
      day: day!,
      currency: currency!,
      figures: Object.fromEntries(FIGURES.map((field, index) => [field, Number(sums[index])])) as RevenueFigures,
    }));
  }

  /**
   * The rankings' sums: whole months from the month rows, the days before and after them from the
   * day rows, summed per route, carrier and rule in SQL; each sum then counts under its route, its
   * carrier and its rule ('': none recorded) here, which costs less than grouping three ways in SQL.
   */
  async ranked(from: string, to: string, scope: BrandScope): Promise<RankedRow[]> {
    const months = wholeMonths(from, to);
    const { rows } = await this.sql.query<{ sales: string }>(
      `SELECT ${asText(SALE_COLUMNS)} AS sales
         FROM (SELECT route, carrier, rule, currency, brand_key, sum(bookings) AS bookings, sum(gross_sales) AS gross_sales,
                      sum(provider_cost) AS provider_cost, sum(markup_margin) AS markup_margin
                 FROM (SELECT ${SALE_COLUMNS} FROM revenue_sales_months
                        WHERE month BETWEEN $3::date AND $4::date ${brandFilter(scope, 5)}
                       UNION ALL
                       SELECT ${SALE_COLUMNS} FROM revenue_sales
                        WHERE day BETWEEN $1::date AND $2::date AND (day < $3::date OR day > $4::date) ${brandFilter(scope, 5)}
                      ) AS parts
                GROUP BY route, carrier, rule, currency, brand_key) AS sums`,
      [from, to, months.from, months.to, ...brandParams(scope)],
    );
    const ranked = rowsOf(rows[0]!.sales).flatMap(
      ([route, carrier, rule, currency, brand_key, bookings, gross, cost, margin]): StoredRanked[] => {
        const sums = {
          currency: currency!,
          brand_key: brand_key!,
          bookings: Number(bookings),
          gross: Number(gross),
          cost: Number(cost),
          margin: Number(margin),
        };
        const keys: [RankedKind, string][] = [
          ['route', route!],
          ['carrier', carrier!],
          ['rule', rule!],
        ];
        return keys.filter(([, key]) => key !== '').map(([kind, key]) => ({ kind, key, ...sums }));
      },
    );
    return sumAcrossBrands(ranked);
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
