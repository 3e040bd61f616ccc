import type { RevenueFigures, RevenueGranularity } from './revenue.js';

/** The first day of the period a UTC day (an ISO date) falls in: itself, its week's Monday, or its month's 1st. */
export function periodStart(day: string, granularity: RevenueGranularity): string {
  if (granularity === 'day') return day;
  if (granularity === 'month') return `${day.slice(0, 7)}-01`;
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - sinceMonday);
  return date.toISOString().slice(0, 10);
}

/** Two sets of figures added together, field by field. */
export function addFigures(a: RevenueFigures, b: Partial<RevenueFigures>): RevenueFigures {
  const sum = { ...a };
  for (const [field, value] of Object.entries(b) as [keyof RevenueFigures, number][]) sum[field] += value;
  return sum;
}
