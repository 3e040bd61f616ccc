import { outboxAnswerSchema } from '@contrail/shared/admin/operations';
import type { CommandContext } from '../context.js';
import { print, printJson } from '../io.js';
import { formatTable } from '../output/table.js';

export async function listOutbox(
  ctx: CommandContext,
  options: { booking?: string; brand?: string; json?: boolean },
): Promise<void> {
  const query = new URLSearchParams();
  if (options.booking) query.set('bookingId', options.booking);
  if (options.brand) query.set('brand', options.brand);
  const text = query.toString();
  const answer = await ctx.client.call('GET', `/api/admin/outbox${text ? `?${text}` : ''}`, {
    action: 'contrail outbox list',
    schema: outboxAnswerSchema,
  });
  if (options.json) return printJson(ctx.io, answer);
  const sending =
    answer.transport === 'outbox' ? 'kept here for admins to read, not sent' : `sent by ${answer.transport}`;
  print(ctx.io, `Booking emails (${sending}), newest first:`);
  if (answer.messages.length === 0) return print(ctx.io, 'No emails yet.');
  print(
    ctx.io,
    formatTable(answer.messages, [
      { header: 'CREATED', value: (message) => message.createdAt },
      { header: 'KIND', value: (message) => message.kind },
      { header: 'TO', value: (message) => message.to },
      { header: 'SUBJECT', value: (message) => message.subject },
      { header: 'SENT', value: (message) => message.sentAt ?? 'not sent' },
      { header: 'BOOKING', value: (message) => message.bookingId ?? '-' },
    ]),
  );
}
