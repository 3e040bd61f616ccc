import { CALENDAR_SPAN_DAYS } from '@contrail/shared/search/flexible-dates';
import { lastSellableDate } from '@contrail/shared/search/sellable-dates';
import type { FlightSearchQuery } from '../provider.js';

/** One cell of the calendar: its dates, and the search it stands for (null: a day nobody sells). */
export interface CalendarDay {
  departureDate: string;
  returnDate: string | null;
  search: FlightSearchQuery | null;
  /** Days away from the asked dates, both counted: the nearest are searched first. */
  distance: number;
}

const DAY_MS = 86_400_000;

function shifted(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const offsets = (span: number) => Array.from({ length: 2 * span + 1 }, (_, index) => index - span);

function searchable(today: string) {
  const last = lastSellableDate(today);
  const sellable = (date: string) => date >= today && date <= last;
  return (departureDate: string, returnDate: string | undefined) =>
    sellable(departureDate) && (returnDate === undefined || (sellable(returnDate) && returnDate >= departureDate));
}

/**
 * The days around the asked search: departures ±span one way (a strip), departures × returns ±span
 * round trip (a grid, row by row). A day before `today`, past the last day on sale, or a return
 * before its departure stands for no search.
 */
export function calendarDays(asked: FlightSearchQuery, today: string, span = CALENDAR_SPAN_DAYS): CalendarDay[] {
  const canSearch = searchable(today);
  const returnOffsets = asked.returnDate === undefined ? [undefined] : offsets(span);
  return offsets(span).flatMap((out) =>
    returnOffsets.map((back) => {
      const departureDate = shifted(asked.departureDate, out);
      const returnDate = back === undefined ? undefined : shifted(asked.returnDate!, back);
      const searchable = canSearch(departureDate, returnDate);
      return {
        departureDate,
        returnDate: returnDate ?? null,
        search: searchable ? { ...asked, departureDate, ...(returnDate !== undefined && { returnDate }) } : null,
        distance: Math.abs(out) + Math.abs(back ?? 0),
      };
    }),
  );
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/**
 * The month graph's days (issue 34): every departure of the asked day's calendar month, a round
 * trip keeping its length; the days nearest the asked one are searched first.
 */
export function monthDays(asked: FlightSearchQuery, today: string): CalendarDay[] {
  const canSearch = searchable(today);
  const first = `${asked.departureDate.slice(0, 7)}-01`;
  const month = new Date(Date.parse(`${first}T00:00:00Z`)).getUTCMonth();
  const days: CalendarDay[] = [];
  for (let date = first; new Date(Date.parse(`${date}T00:00:00Z`)).getUTCMonth() === month; date = shifted(date, 1)) {
    const returnDate =
      asked.returnDate === undefined ? undefined : shifted(asked.returnDate, daysBetween(asked.departureDate, date));
    days.push({
      departureDate: date,
      returnDate: returnDate ?? null,
      search: canSearch(date, returnDate)
        ? { ...asked, departureDate: date, ...(returnDate !== undefined && { returnDate }) }
        : null,
      distance: Math.abs(daysBetween(asked.departureDate, date)),
    });
  }
  return days;
}
