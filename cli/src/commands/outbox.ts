import { outboxAnswerSchema } from '@contrail/shared/admin/operations';
import type { CommandContext } from '../context.js';
import { print, printJson, printTable } from '../io.js';
import { localTime, timeHeader } from '../output/time.js';
import { notFound, oneBooking } from './bookings.js';

const ACTION = 'contrail outbox list';

/** The booking id --booking names, given as the id or the reference. */
async function bookingIdOf(ctx: CommandContext, refOrId: string): Promise<string> {
  const booking = await oneBooking(ctx, refOrId, ACTION);
  if (!booking) throw notFound(`reference or id ${refOrId}`);
  return booking.id;
}

export async function listOutbox(
  ctx: CommandContext,
  options: { booking?: string; brand?: string; json?: boolean },
): Promise<void> {
  const query = new URLSearchParams();
  if (options.booking) query.set('bookingId', await bookingIdOf(ctx, options.booking));
  if (options.brand) query.set('brand', options.brand.trim().toLowerCase());
  const text = query.toString();
  const answer = await ctx.client.call('GET', `/api/admin/outbox${text ? `?${text}` : ''}`, {
    action: ACTION,
    schema: outboxAnswerSchema,
  });
  if (options.json) return printJson(ctx.io, answer);
  const sending =
    answer.transport === 'outbox' ? 'kept here for admins to read, not sent' : `sent by ${answer.transport}`;
  print(ctx.io, `Booking emails (${sending}), newest first:`);
  if (answer.messages.length === 0) return print(ctx.io, 'No emails yet.');
  const zone = ctx.timeZone;
  printTable(ctx.io, answer.messages, [
    { header: timeHeader('CREATED', zone), value: (message) => localTime(message.createdAt, zone) },
    { header: 'KIND', value: (message) => message.kind },
    { header: 'TO', value: (message) => message.to },
    { header: 'SUBJECT', value: (message) => message.subject },
    {
      header: 'SENT',
      value: (message) => (message.sentAt ? localTime(message.sentAt, zone) : 'not sent'),
      tone: (message) => (message.sentAt ? undefined : 'waiting'),
    },
    { header: 'BOOKING', value: (message) => message.bookingId ?? '-' },
  ]);
}
