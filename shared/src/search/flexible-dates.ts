/**
 * Flexible dates (issue 34), without zod so the search form and the results page carry them in
 * their first JS: the days either side of the asked ones the calendar prices, how many live
 * searches one calendar answer may run (Duffel budgets its searches per booking), and the results
 * page's query parameter asking for the calendar.
 */
export const CALENDAR_SPAN_DAYS = 3;
export const CALENDAR_LIVE_SEARCHES = 12;
export const FLEXIBLE_DATES_PARAM = 'flexibleDates';
/** The calendar's views (issue 34): the days around the search (±CALENDAR_SPAN_DAYS), or its whole month. */
export const CALENDAR_VIEWS = ['nearby', 'month'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
export const CALENDAR_VIEW_PARAM = 'view';
/** The results page's query parameter that opens the month price graph. */
export const MONTH_GRAPH_PARAM = 'monthPrices';
