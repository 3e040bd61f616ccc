import type { ExportQuery } from '@contrail/shared/exports/exports';

/**
 * The export's filters as SQL on a table with `created_at` and `brand_key`: `from` and `to` are
 * whole UTC days, both included. Parameters are numbered from `first`.
 */
export function periodFilter(query: ExportQuery, first: number): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    clauses.push(clause.replace('?', `$${first + params.length - 1}`));
  };
  if (query.from) add('created_at >= ?::date', query.from);
  if (query.to) add("created_at < ?::date + interval '1 day'", query.to);
  if (query.brand) add('brand_key = ?', query.brand);
  return { where: clauses.map((clause) => `AND ${clause}`).join(' '), params };
}
