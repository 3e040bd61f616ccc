import {
  bookingSearchAnswerSchema,
  bookingSearchQuerySchema,
  BOOKING_SEARCH_LIMIT_DEFAULT,
  type BookingSearchAnswer,
} from '@contrail/shared/support-desk/booking-search';
import type { AdminBooking } from '@contrail/shared/booking/view';
import type { CommandContext } from '../context.js';
import { InputError } from '../errors.js';
import { print, printJson, printTable } from '../io.js';
import { dayOption } from '../options/day-option.js';
import { limitOption } from '../options/limit-option.js';
import { localTime, timeHeader } from '../output/time.js';
import { ask } from '../ui/ask.js';
import { PagePrompt, type PageMove } from '../ui/PagePrompt.js';

export interface SearchOptions {
  reference?: string;
  name?: string;
  email?: string;
  phone?: string;
  status?: string;
  brand?: string;
  dates?: string;
  from?: string;
  to?: string;
  limit?: string;
  page?: string;
  json?: boolean;
}

const ACTION = 'contrail bookings search';
const DATE_FIELDS: Record<string, 'booked' | 'departure'> = { booked: 'booked', departure: 'departure' };

/** The query string the engine is sent; its schema (shared with the engine) says what is wrong first (exit 2). */
function searchQuery(ctx: CommandContext, options: SearchOptions): { query: URLSearchParams; limit: number } {
  const dateField = options.dates === undefined ? undefined : DATE_FIELDS[options.dates.trim().toLowerCase()];
  if (options.dates !== undefined && !dateField)
    throw new InputError(`--dates: "${options.dates}" is not booked or departure`);
  const limit = options.limit ? limitOption('--limit', options.limit, 1, 100) : BOOKING_SEARCH_LIMIT_DEFAULT;
  const page = options.page ? limitOption('--page', options.page, 1, 100_000) : 1;
  const wanted = {
    reference: options.reference,
    name: options.name,
    email: options.email,
    phone: options.phone,
    status: options.status,
    brand: options.brand,
    dateField,
    from: options.from && dayOption('--from', options.from, 'start', ctx.timeZone),
    to: options.to && dayOption('--to', options.to, 'end', ctx.timeZone),
    limit,
    offset: (page - 1) * limit,
  };
  const checked = bookingSearchQuerySchema.safeParse(wanted);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw new InputError(`--${String(issue.path[0] ?? 'to')}: ${issue.message}`);
  }
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(wanted))
    if (value !== undefined && value !== '') query.set(key, String(value).trim());
  return { query, limit };
}

const travellers = (booking: AdminBooking) =>
  booking.bookingData.passengers.map((passenger) => `${passenger.given_name} ${passenger.family_name}`).join(', ');
const route = (booking: AdminBooking) =>
  booking.bookingData.slices.map((slice) => `${slice.origin.iata_code}-${slice.destination.iata_code}`).join(', ');

function printPage(ctx: CommandContext, answer: BookingSearchAnswer): void {
  const zone = ctx.timeZone;
  printTable(ctx.io, answer.bookings, [
    { header: 'REFERENCE', value: (booking) => booking.reference ?? '-' },
    { header: 'STATUS', value: (booking) => booking.status },
    { header: 'BRAND', value: (booking) => booking.brandKey },
    { header: 'TRAVELLERS', value: travellers },
    { header: 'ROUTE', value: route },
    {
      header: timeHeader('DEPARTS', zone),
      value: (booking) => localTime(booking.bookingData.slices[0]?.segments[0]?.departing_at, zone),
    },
    { header: 'BOOKED', value: (booking) => localTime(booking.createdAt, zone) },
  ]);
}

/**
 * contrail bookings search: the support workspace's search. Travellers show as initials (reveal
 * with `bookings history REF --reveal --reason`). In a terminal, n and p turn the pages.
 */
export async function searchBookings(ctx: CommandContext, options: SearchOptions): Promise<void> {
  const { query, limit } = searchQuery(ctx, options);
  const fetchPage = (offset: number) => {
    query.set('offset', String(offset));
    return ctx.client.call('GET', `/api/admin/booking-search?${query.toString()}`, {
      action: ACTION,
      schema: bookingSearchAnswerSchema,
    });
  };
  let answer = await fetchPage(Number(query.get('offset')));
  if (options.json) return printJson(ctx.io, answer);
  if (answer.total === 0) return print(ctx.io, 'No bookings match.');
  for (;;) {
    const pages = Math.max(1, Math.ceil(answer.total / limit));
    const page = Math.floor(answer.offset / limit) + 1;
    if (answer.bookings.length === 0) return print(ctx.io, `Page ${page} is past the last (${pages}).`);
    printPage(ctx, answer);
    if (!ctx.io.interactive || pages === 1) {
      const more = page < pages ? `: --page ${page + 1} for more` : '';
      return print(ctx.io, `Page ${page} of ${pages} (${answer.total} bookings)${more}`);
    }
    const total = answer.total;
    const move = await ask<PageMove>(ctx.io, (answered) => (
      <PagePrompt page={page} pages={pages} total={total} onAnswer={answered} />
    ));
    if (move === 'quit') return;
    answer = await fetchPage(answer.offset + (move === 'next' ? limit : -limit));
  }
}
