/**
 * Flexible dates (issue 34), without zod so the search form and the results page carry them in
 * their first JS: the days either side of the asked ones the calendar prices, how many live
 * searches one calendar answer may run (Duffel budgets its searches per booking), and the results
 * page's query parameter asking for the calendar.
 */
export const CALENDAR_SPAN_DAYS = 3;
export const CALENDAR_LIVE_SEARCHES = 12;
export const FLEXIBLE_DATES_PARAM = 'flexibleDates';
