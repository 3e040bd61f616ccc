import { z } from 'zod';
import { CALENDAR_VIEWS } from '../search/flexible-dates.js';

/*
 * `GET /api/flights/calendar` (issue 34): the cheapest price of the same search on the days around
 * the asked one (±CALENDAR_SPAN_DAYS: a 7-day strip one way, a 7×7 departure × return grid round
 * trip). Prices come from the price index or a live search; neither is bookable: choosing a cell
 * runs its search.
 */

/** `?view=`: nearby (the default: the strip or the 7×7 grid) or month (the month price graph, one cell a departure day). */
export const calendarViewQuerySchema = z.object({
  view: z.enum(CALENDAR_VIEWS, { error: `view must be ${CALENDAR_VIEWS.join(' or ')}` }).default('nearby'),
});

export const CALENDAR_CELL_STATUSES = [
  /** A price, live or from the index. */
  'priced',
  /** Not known yet: the next request for the calendar searches it. */
  'pending',
  /** The search failed. */
  'failed',
  /** Nothing to sell: the search found no offer. */
  'none',
  /** A day that cannot be searched (past, beyond what airlines sell, or a return before departure). */
  'unavailable',
] as const;

const place = z.object({ iata_code: z.string(), country_code: z.string() });

/** What pricing rules read of an offer (shared/pricing/price-offer.ts `PricedOffer`): its total and its trip. */
export const calendarOfferSchema = z.object({
  total_amount: z.string(),
  total_currency: z.string(),
  owner: z.object({ iata_code: z.string().nullable() }),
  slices: z.array(z.object({ origin: place, destination: place })),
});
export type CalendarOffer = z.infer<typeof calendarOfferSchema>;

export const calendarCellSchema = z.object({
  departureDate: z.iso.date(),
  returnDate: z.iso.date().nullable(),
  status: z.enum(CALENDAR_CELL_STATUSES),
  /** The cheapest offer as the airline sells it: the storefront prices it as it prices the cards. */
  cheapest: calendarOfferSchema.nullable(),
  /** When the price was seen: now for a live search, earlier from the index. */
  checkedAt: z.iso.datetime().nullable(),
  /** Searched for this answer, not read from the index. */
  live: z.boolean(),
});
export type CalendarCell = z.infer<typeof calendarCellSchema>;

export const calendarAnswerSchema = z.object({
  cells: z.array(calendarCellSchema),
  /** Cells still pending: ask again for the next live searches. */
  pending: z.number().int().min(0),
});
export type CalendarAnswer = z.infer<typeof calendarAnswerSchema>;
