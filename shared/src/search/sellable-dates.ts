import { formatDatePattern } from '../results/date-pattern.js';

/**
 * How far ahead flights are sold: airlines open their schedules about 330 days out (issue 33).
 * The date pickers stop there and the search API refuses a later date.
 */
export const SELLABLE_DAYS_AHEAD = 330;

const DAY_MS = 86_400_000;

/** The last day on sale, as yyyy-MM-dd, counted from `today` (yyyy-MM-dd). */
export function lastSellableDate(today: string): string {
  const start = Date.parse(`${today}T00:00:00Z`);
  return new Date(start + SELLABLE_DAYS_AHEAD * DAY_MS).toISOString().slice(0, 10);
}

/** What a traveller reads when a date is past the last day on sale. */
export function beyondSaleMessage(label: string, lastDate: string): string {
  const last = formatDatePattern(new Date(`${lastDate}T12:00:00Z`), 'MMMM do, y');
  return `${label} is too far ahead: flights are sold up to ${SELLABLE_DAYS_AHEAD} days in advance, until ${last}.`;
}

/** The message for a date (yyyy-MM-dd) later than the last day on sale from `today`, else null. */
export function sellableDateProblem(label: string, date: string, today: string): string | null {
  const last = lastSellableDate(today);
  return date > last ? beyondSaleMessage(label, last) : null;
}
