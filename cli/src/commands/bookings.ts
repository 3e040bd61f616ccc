import { bookingHistorySchema, type BookingHistory, type HistoryState } from '@contrail/shared/admin/operations';
import { isOutAndBack, sliceLabel } from '@contrail/shared/flights/slice-label';
import { fromMinorUnits, currencyDecimals } from '@contrail/shared/booking/money';
import { bagLines, bagLineText } from '@contrail/shared/booking/bags-shown';
import { seatLines, seatLineText } from '@contrail/shared/booking/seats-shown';
import { BOOKING_STATUSES } from '@contrail/shared/booking/status';
import {
  heldAdminBookingListSchema as adminBookingListSchema,
  holdLine,
  statusShown,
  type AdminBooking,
} from './hold-shown.js';
import { CliError, InputError } from '../errors.js';
import { parseReason } from './reason.js';
import type { CommandContext } from '../context.js';
import { EngineError } from '../engine/client.js';
import { print, printJson, printTable } from '../io.js';
import type { Tone } from '../output/colour.js';
import { localTime, timeHeader } from '../output/time.js';
import { dayOption } from '../options/day-option.js';
import { limitOption } from '../options/limit-option.js';

export interface BookingFilters {
  reference?: string;
  email?: string;
  status?: string;
  brand?: string;
  from?: string;
  to?: string;
  limit?: string;
}

const MAX_REFERENCE = 20;
const BOOKING_ID = /^[\w-]{1,100}$/;

/** The search's query: days read in the person's zone, names in any case; bad input stops here (exit 2). */
function searchPath(ctx: CommandContext, filters: BookingFilters & { id?: string }): string {
  const query = new URLSearchParams();
  if (filters.id) query.set('id', filters.id);
  if (filters.reference) query.set('reference', filters.reference.replace(/\s+/g, ''));
  if (filters.email) query.set('email', filters.email.trim());
  if (filters.status) query.set('status', statusOption(filters.status));
  if (filters.brand) query.set('brand', filters.brand.trim().toLowerCase());
  if (filters.from) query.set('from', dayOption('--from', filters.from, 'start', ctx.timeZone));
  if (filters.to) query.set('to', dayOption('--to', filters.to, 'end', ctx.timeZone));
  if (filters.limit) query.set('limit', String(limitOption('--limit', filters.limit, 1, 500)));
  const text = query.toString();
  return `/api/admin/bookings${text ? `?${text}` : ''}`;
}

const STATUSES = [...BOOKING_STATUSES, 'failed'] as const;

function statusOption(input: string): string {
  const status = input.trim().toLowerCase();
  if (!(STATUSES as readonly string[]).includes(status))
    throw new InputError(`--status: "${input}" is not a status: ${STATUSES.join(', ')}`);
  return status;
}

const STATUS_TONES: Record<string, Tone> = {
  confirmed: 'good',
  completed: 'good',
  pending: 'waiting',
  cancelled: 'quiet',
  failed: 'bad',
};

const route = (booking: AdminBooking) =>
  booking.bookingData.slices.map((slice) => `${slice.origin.iata_code}-${slice.destination.iata_code}`).join(', ');
const total = (booking: AdminBooking) => `${booking.bookingData.total_amount} ${booking.bookingData.total_currency}`;

export async function listBookings(ctx: CommandContext, options: BookingFilters & { json?: boolean }): Promise<void> {
  const bookings = await ctx.client.call('GET', searchPath(ctx, options), {
    action: 'contrail bookings list',
    schema: adminBookingListSchema,
  });
  if (options.json) return printJson(ctx.io, bookings);
  if (bookings.length === 0) return print(ctx.io, 'No bookings match.');
  printTable(ctx.io, bookings, [
    { header: 'REFERENCE', value: (booking) => booking.reference ?? '-' },
    { header: 'STATUS', value: statusShown, tone: (booking) => STATUS_TONES[booking.status] },
    { header: 'BRAND', value: (booking) => booking.brandKey },
    { header: 'ROUTE', value: route },
    { header: 'TOTAL', value: total },
    { header: timeHeader('CREATED', ctx.timeZone), value: (booking) => localTime(booking.createdAt, ctx.timeZone) },
    { header: 'ID', value: (booking) => booking.id },
  ]);
}

/**
 * The bookings a reference or an id names, as support is given it (any case, spaces ignored). A
 * reference is only the first 8 characters of the provider's order id, so two bookings can share one.
 */
export async function findBookings(ctx: CommandContext, refOrId: string, action: string): Promise<AdminBooking[]> {
  const text = refOrId.replace(/\s+/g, '');
  const search = (filters: BookingFilters & { id?: string }) =>
    ctx.client.call('GET', searchPath(ctx, { ...filters, limit: '10' }), { action, schema: adminBookingListSchema });
  if (text === '') return [];
  const byReference = text.length <= MAX_REFERENCE ? await search({ reference: text }) : [];
  if (byReference.length > 0 || !BOOKING_ID.test(text)) return byReference;
  return search({ id: text });
}

/** The one booking a reference or id names (none found: undefined); a shared reference asks for the id. */
export async function oneBooking(
  ctx: CommandContext,
  refOrId: string,
  action: string,
): Promise<AdminBooking | undefined> {
  const matches = await findBookings(ctx, refOrId, action);
  if (matches.length > 1) {
    const ids = matches.map((booking) => `\n  ${booking.id}  ${booking.status}  ${booking.createdAt}`).join('');
    throw new CliError(`Reference ${refOrId.trim()} matches ${matches.length} bookings; give the booking id:${ids}`);
  }
  return matches[0];
}

export const notFound = (what: string) => new CliError(`No booking with ${what}`);

/** A multi-city trip (issue 34): each flight with when it leaves, as "Departs" gives the first only. */
function multiCityLines(booking: AdminBooking): Array<[string, string]> {
  const slices = booking.bookingData.slices;
  if (isOutAndBack(slices)) return [];
  return slices.map((slice, index) => [
    sliceLabel(slices, index),
    `${slice.origin.iata_code}-${slice.destination.iata_code}, departs ${slice.segments[0]?.departing_at ?? '(unknown)'}`,
  ]);
}

export function describe(booking: AdminBooking, timeZone: string): string {
  const passengers = booking.bookingData.passengers;
  const counts = new Map<string, number>();
  for (const passenger of passengers) counts.set(passenger.type, (counts.get(passenger.type) ?? 0) + 1);
  const lines: Array<[string, string]> = [
    ['Reference', booking.reference ?? '(none: no order was made)'],
    ['Booking id', booking.id],
    ['Status', statusShown(booking) + (booking.canCancel ? ' (cancellable)' : '')],
    ...(booking.hold ? [['Hold', holdLine(booking.hold, timeZone)] as [string, string]] : []),
    ['Brand', booking.brandKey],
    ['Route', route(booking) || '(unknown)'],
    ['Departs', booking.bookingData.slices[0]?.segments[0]?.departing_at ?? '(unknown)'],
    ...multiCityLines(booking),
    ['Passengers', [...counts].map(([type, count]) => `${count} ${type}`).join(', ') || 'none'],
    ['Total', total(booking)],
    [
      'Payment',
      booking.paymentId
        ? `${booking.paymentStatus}, ${booking.paymentId}${booking.bookingData.card_last4 ? `, card ending ${booking.bookingData.card_last4}` : ''}`
        : 'none',
    ],
    ['Order', booking.duffelBookingId ?? 'none'],
    ['Customer', booking.customerId ?? 'none'],
    ['Created', `${localTime(booking.createdAt, timeZone)} (${timeZone})`],
    ['Updated', `${localTime(booking.updatedAt, timeZone)} (${timeZone})`],
  ];
  const { seats, bags, refund, slices } = booking.bookingData;
  const names = passengers.map((passenger) => ({
    id: passenger.id,
    name: `${passenger.given_name} ${passenger.family_name}`.trim(),
  }));
  const seatsShown = seatLines(
    seats.map((seat) => ({ passengerId: seat.passenger_id, segmentId: seat.segment_id, designator: seat.designator })),
    slices,
    names,
  );
  for (const line of seatsShown) lines.push(['Seat', seatLineText(line).replace(/^Seat /, '')]);
  const bagsShown = bagLines(
    bags.map((bag) => ({
      kind: bag.kind,
      quantity: bag.quantity,
      passengerIds: bag.passenger_ids,
      segmentIds: bag.segment_ids,
      price: `${bag.amount} ${bag.currency}`,
    })),
    slices,
    names,
  );
  for (const line of bagsShown) lines.push(['Bags', bagLineText(line)]);
  if (refund) {
    const card = refund.cardLast4 ? `card ending ${refund.cardLast4}` : 'the card';
    lines.push(['Refund', `${refund.amount} ${refund.currency} to ${card}, ${refund.status}`]);
    for (const fee of refund.kept)
      lines.push(['Kept', `${fee.amount} ${refund.currency}, ${fee.label.toLowerCase()}: ${fee.reason}`]);
  }
  if (booking.failure) lines.push(['Failure', booking.failure]);
  return lines.map(([label, value]) => `${`${label}:`.padEnd(12)}${value}`).join('\n');
}

export async function showBooking(ctx: CommandContext, refOrId: string, options: { json?: boolean }): Promise<void> {
  const bookings = await findBookings(ctx, refOrId, 'contrail bookings show');
  if (bookings.length === 0) throw notFound(`reference or id ${refOrId}`);
  if (options.json) return printJson(ctx.io, bookings.length === 1 ? bookings[0] : bookings);
  if (bookings.length > 1) print(ctx.io, `Reference ${refOrId.trim()} matches ${bookings.length} bookings.\n`);
  for (const booking of bookings) {
    print(ctx.io, describe(booking, ctx.timeZone));
    print(
      ctx.io,
      `\nThe whole story: contrail bookings history ${bookings.length > 1 ? booking.id : (booking.reference ?? booking.id)}`,
    );
  }
}

interface Money {
  amount: number;
  currency: string;
}

const money = ({ amount, currency }: Money) =>
  `${fromMinorUnits(amount, currency).toFixed(currencyDecimals(currency))} ${currency}`;

function personShown(pii: unknown): string {
  if (typeof pii === 'string') return pii;
  const person = pii as { firstName?: string; lastName?: string; email?: string };
  return `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim() + (person.email ? ` <${person.email}>` : '');
}

/** The booking's state after an event, in one line. */
export function stateLine(state: HistoryState): string {
  const parts = [state.phase === state.status ? state.status : `${state.status} (${state.phase})`];
  if (state.price) parts.push(`price ${money(state.price)}`);
  if (state.passengers.length > 0) {
    parts.push(`passengers: ${state.passengers.map((p) => `${p.type} ${personShown(p.pii)}`).join('; ')}`);
  }
  if (state.seats.length > 0) parts.push(`${state.seats.length} seat${state.seats.length === 1 ? '' : 's'}`);
  const bags = state.bags.reduce((sum, bag) => sum + bag.quantity, 0);
  if (bags > 0) parts.push(`${bags} bag${bags === 1 ? '' : 's'}`);
  if (state.payment) parts.push(`payment ${state.payment.status} ${money(state.payment.amount)}`);
  if (state.order) parts.push(`order ${state.order.orderId}${state.order.cancelled ? ' (cancelled)' : ''}`);
  if (state.failure) parts.push(`failure: ${state.failure}`);
  return parts.join(' · ');
}

export async function bookingHistory(
  ctx: CommandContext,
  refOrId: string,
  options: { json?: boolean; reveal?: boolean; reason?: string },
): Promise<void> {
  const action = `contrail bookings history${options.reveal ? ' --reveal' : ''}`;
  const reason = options.reveal ? parseReason(options.reason) : undefined;
  const found = await oneBooking(ctx, refOrId, action);
  const bookingId = found?.id ?? refOrId.trim();
  if (!/^[\w-]{1,100}$/.test(bookingId)) throw notFound(`reference or id ${refOrId}`);
  let answer: BookingHistory;
  try {
    answer = reason
      ? await ctx.client.call('POST', `/api/admin/bookings/${bookingId}/reveal`, {
          body: { reason },
          action,
          schema: bookingHistorySchema,
        })
      : await ctx.client.call('GET', `/api/admin/bookings/${bookingId}/history`, {
          action,
          schema: bookingHistorySchema,
        });
  } catch (error) {
    if (error instanceof EngineError && error.status === 404) throw notFound(`reference or id ${refOrId}`);
    throw error;
  }
  if (options.json) return printJson(ctx.io, answer);
  const reference = found?.reference ? `, reference ${found.reference}` : '';
  print(
    ctx.io,
    `Booking ${answer.bookingId}${reference}: ${answer.events.length} events, personal data ${
      answer.revealed ? 'shown (your reason is recorded)' : 'sealed (--reveal --reason TEXT to show it)'
    }.`,
  );
  for (const entry of answer.events) {
    print(ctx.io, `\n#${entry.revision}  ${entry.at}  ${entry.type}  by ${entry.actor}`);
    print(ctx.io, `    -> ${stateLine(entry.stateAfter)}`);
  }
}
