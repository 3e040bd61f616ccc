import type { CalendarAnswer } from '@contrail/shared/flights/calendar';
import { CALENDAR_VIEW_PARAM } from '@contrail/shared/search/flexible-dates';
import { firstPageRequest } from '@contrail/shared/results/results-params';
import { type ResultsSearch } from '@contrail/shared/results/search-links';
import { api, SEARCH_RESULTS_KEEP_SECONDS } from '../app/api';
import { withContext, type ApiError } from '../app/api-error';
import { answerContract, lazyContract } from '../app/lazy-contract';

const calendarContract = lazyContract(
  async () => (await import('@contrail/shared/flights/calendar')).calendarAnswerSchema,
);

/** The search's own fields, as the search sends them (the engine ignores its sort and limit here). */
function calendarQuery(search: ResultsSearch): string {
  const fields = Object.entries(firstPageRequest(search)).map(([name, value]) => [name, String(value)]);
  return new URLSearchParams(fields).toString();
}

/** `GET /api/flights/calendar` (issue 34): the cheapest price of the days around a search. */
export const calendarApi = api.injectEndpoints({
  endpoints: (build) => ({
    priceCalendar: build.query<CalendarAnswer, ResultsSearch>({
      query: (search) => `api/flights/calendar?${calendarQuery(search)}`,
      ...answerContract(calendarContract),
      transformErrorResponse: (error: ApiError) => withContext('Unable to compare nearby dates', error),
      keepUnusedDataFor: SEARCH_RESULTS_KEEP_SECONDS,
    }),
    /** The month price graph's days: every departure of the search's month. */
    monthPrices: build.query<CalendarAnswer, ResultsSearch>({
      query: (search) => `api/flights/calendar?${calendarQuery(search)}&${CALENDAR_VIEW_PARAM}=month`,
      ...answerContract(calendarContract),
      transformErrorResponse: (error: ApiError) => withContext('Unable to show the month’s prices', error),
      keepUnusedDataFor: SEARCH_RESULTS_KEEP_SECONDS,
    }),
  }),
});

export const { usePriceCalendarQuery, useMonthPricesQuery } = calendarApi;
