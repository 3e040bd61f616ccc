import { bookingHistorySchema, type BookingHistory, type HistoryState } from '@contrail/shared/admin/operations';
import { fromMinorUnits, currencyDecimals } from '@contrail/shared/booking/money';
import { adminBookingListSchema, type AdminBooking } from '@contrail/shared/booking/view';
import { seatLines, seatLineText } from '@contrail/shared/booking/seats-shown';
import { CliError } from '../errors.js';
import { parseReason } from './reason.js';
import type { CommandContext } from '../context.js';
import { EngineError } from '../engine/client.js';
import { print, printJson } from '../io.js';
import { formatTable } from '../output/table.js';

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
const FILTERS = ['reference', 'email', 'status', 'brand', 'from', 'to', 'limit'] as const;

function searchPath(filters: BookingFilters): string {
  const query = new URLSearchParams();
  for (const key of FILTERS) if (filters[key] !== undefined) query.set(key, filters[key]);
  const text = query.toString();
  return `/api/admin/bookings${text ? `?${text}` : ''}`;
}

const route = (booking: AdminBooking) =>
  booking.bookingData.slices.map((slice) => `${slice.origin.iata_code}-${slice.destination.iata_code}`).join(', ');
const total = (booking: AdminBooking) => `${booking.bookingData.total_amount} ${booking.bookingData.total_currency}`;

export async function listBookings(ctx: CommandContext, options: BookingFilters & { json?: boolean }): Promise<void> {
  const bookings = await ctx.client.call('GET', searchPath(options), {
    action: 'contrail bookings list',
    schema: adminBookingListSchema,
  });
  if (options.json) return printJson(ctx.io, bookings);
  if (bookings.length === 0) return print(ctx.io, 'No bookings match.');
  print(
    ctx.io,
    formatTable(bookings, [
      { header: 'REFERENCE', value: (booking) => booking.reference ?? '-' },
      { header: 'STATUS', value: (booking) => booking.status },
      { header: 'BRAND', value: (booking) => booking.brandKey },
      { header: 'ROUTE', value: route },
      { header: 'TOTAL', value: total },
      { header: 'CREATED', value: (booking) => booking.createdAt },
      { header: 'ID', value: (booking) => booking.id },
    ]),
  );
}

/**
 * The bookings with this reference, as support is given it (any case). A reference is only the
 * first 8 characters of the provider's order id, so two bookings can share one.
 */
async function findBookings(ctx: CommandContext, refOrId: string, action: string): Promise<AdminBooking[]> {
  return ctx.client.call('GET', searchPath({ reference: refOrId.trim(), limit: '10' }), {
    action,
    schema: adminBookingListSchema,
  });
}

const notFound = (what: string) => new CliError(`No booking with ${what}`);

function describe(booking: AdminBooking): string {
  const passengers = booking.bookingData.passengers;
  const counts = new Map<string, number>();
  for (const passenger of passengers) counts.set(passenger.type, (counts.get(passenger.type) ?? 0) + 1);
  const lines: Array<[string, string]> = [
    ['Reference', booking.reference ?? '(none: no order was made)'],
    ['Booking id', booking.id],
    ['Status', booking.status + (booking.canCancel ? ' (cancellable)' : '')],
    ['Brand', booking.brandKey],
    ['Route', route(booking) || '(unknown)'],
    ['Departs', booking.bookingData.slices[0]?.segments[0]?.departing_at ?? '(unknown)'],
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
    ['Created', booking.createdAt],
    ['Updated', booking.updatedAt],
  ];
  const { seats, refund, slices } = booking.bookingData;
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
  if (bookings.length === 0) throw notFound(`reference ${refOrId}`);
  if (options.json) return printJson(ctx.io, bookings.length === 1 ? bookings[0] : bookings);
  if (bookings.length > 1) print(ctx.io, `Reference ${refOrId.trim()} matches ${bookings.length} bookings.\n`);
  for (const booking of bookings) {
    print(ctx.io, describe(booking));
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
function stateLine(state: HistoryState): string {
  const parts = [state.phase === state.status ? state.status : `${state.status} (${state.phase})`];
  if (state.price) parts.push(`price ${money(state.price)}`);
  if (state.passengers.length > 0) {
    parts.push(`passengers: ${state.passengers.map((p) => `${p.type} ${personShown(p.pii)}`).join('; ')}`);
  }
  if (state.seats.length > 0) parts.push(`${state.seats.length} seat${state.seats.length === 1 ? '' : 's'}`);
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
  // References are short (8 characters); booking ids are UUIDs, which the reference filter refuses.
  const matches = refOrId.trim().length <= MAX_REFERENCE ? await findBookings(ctx, refOrId, action) : [];
  if (matches.length > 1) {
    const ids = matches.map((booking) => `\n  ${booking.id}  ${booking.status}  ${booking.createdAt}`).join('');
    throw new CliError(`Reference ${refOrId.trim()} matches ${matches.length} bookings; give the booking id:${ids}`);
  }
  const found = matches[0];
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
