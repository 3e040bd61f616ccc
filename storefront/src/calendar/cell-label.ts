import type { CalendarCell } from '@contrail/shared/flights/calendar';

const MINUTE_MS = 60_000;

/** How old a cell's price is, in a traveller's words: "Live", "Just now", "12 min ago", "3 h ago". */
export function priceAge(cell: CalendarCell, now: Date): string {
  if (cell.live || !cell.checkedAt) return 'Live';
  const minutes = Math.round((now.getTime() - Date.parse(cell.checkedAt)) / MINUTE_MS);
  if (minutes < 2) return 'Just now';
  return minutes < 60 ? `${minutes} min ago` : `${Math.round(minutes / 60)} h ago`;
}

/** What a cell without a price says. */
export const CELL_STATUS_TEXT: Record<Exclude<CalendarCell['status'], 'priced'>, string> = {
  pending: 'Searching…',
  failed: 'Could not check',
  none: 'No flights',
  unavailable: 'Not on sale',
};

/** The cheapest priced cell's amount (as shown), or undefined when none is priced. */
export function cheapestShown(cells: readonly CalendarCell[], shown: (cell: CalendarCell) => number) {
  const prices = cells.filter((cell) => cell.status === 'priced').map(shown);
  return prices.length > 0 ? Math.min(...prices) : undefined;
}
