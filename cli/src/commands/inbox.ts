import {
  contactMessageSchema,
  inboxAnswerSchema,
  inboxQuerySchema,
  messageStatusRequestSchema,
  type ContactMessage,
} from '@contrail/shared/support-desk/inbox';
import type { CommandContext } from '../context.js';
import { CliError, InputError } from '../errors.js';
import { EngineError } from '../engine/client.js';
import { print, printJson, printTable } from '../io.js';
import { limitOption } from '../options/limit-option.js';
import type { Tone } from '../output/colour.js';
import { localTime, timeHeader } from '../output/time.js';

export interface InboxOptions {
  status?: string;
  assignee?: string;
  brand?: string;
  limit?: string;
  page?: string;
  json?: boolean;
}

const STATUS_TONES: Record<string, Tone> = { new: 'waiting', answered: 'good', closed: 'quiet' };
const messagePath = (id: string) => {
  if (!/^[\w-]{1,100}$/.test(id.trim())) throw new InputError(`"${id}" is not a message id`);
  return `/api/admin/contact-messages/${id.trim()}`;
};

/** A 404 from the engine reads as the message being unknown (or another brand's). */
async function aboutMessage<T>(id: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof EngineError && error.status === 404) throw new CliError(`No message ${id.trim()}`);
    throw error;
  }
}

/** contrail inbox list: the brand's contact and support messages, newest first. */
export async function listInbox(ctx: CommandContext, options: InboxOptions): Promise<void> {
  const limit = options.limit ? limitOption('--limit', options.limit, 1, 100) : 20;
  const page = options.page ? limitOption('--page', options.page, 1, 100_000) : 1;
  const wanted = {
    status: options.status,
    assignee: options.assignee,
    brand: options.brand,
    limit: String(limit),
    offset: String((page - 1) * limit),
  };
  const checked = inboxQuerySchema.safeParse(wanted);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw new InputError(`--${String(issue.path[0])}: ${issue.message}`);
  }
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(wanted)) if (value !== undefined) query.set(key, value.trim());
  const answer = await ctx.client.call('GET', `/api/admin/contact-messages?${query.toString()}`, {
    action: 'contrail inbox list',
    schema: inboxAnswerSchema,
  });
  if (options.json) return printJson(ctx.io, answer);
  if (answer.total === 0) return print(ctx.io, 'No messages match.');
  const zone = ctx.timeZone;
  printTable(ctx.io, answer.messages, [
    { header: 'ID', value: (message) => message.id },
    { header: 'STATUS', value: (message) => message.status, tone: (message) => STATUS_TONES[message.status] },
    { header: 'FROM', value: (message) => message.from },
    { header: 'TOPIC', value: (message) => message.topic ?? '-' },
    { header: 'BOOKING', value: (message) => message.bookingReference ?? '-' },
    { header: 'ASSIGNED', value: (message) => message.assignee ?? '-' },
    { header: timeHeader('RECEIVED', zone), value: (message) => localTime(message.receivedAt, zone) },
  ]);
  const pages = Math.ceil(answer.total / limit);
  const more = page < pages ? `: --page ${page + 1} for more` : '';
  print(ctx.io, `Page ${page} of ${pages} (${answer.total} messages)${more}`);
}

function describeMessage(message: ContactMessage, timeZone: string): string {
  const lines: Array<[string, string]> = [
    ['Message', `${message.id} (${message.kind} form, ${message.brandKey})`],
    ['Status', message.status],
    ['Assigned', message.assignee ?? 'nobody'],
    ['Received', `${localTime(message.receivedAt, timeZone)} (${timeZone})`],
    ['From', `${message.name ?? '-'} <${message.email}>${message.phone ? `, ${message.phone}` : ''}`],
    ['Reply by', message.preferredContact ?? 'email'],
    ['Topic', message.topic ?? '-'],
    [
      'Booking',
      message.bookingReference
        ? `${message.bookingReference}${message.bookingId ? ` (contrail bookings show ${message.bookingId})` : ' (no booking of the brand has it)'}`
        : '-',
    ],
  ];
  const text = lines.map(([label, value]) => `${`${label}:`.padEnd(10)}${value}`);
  text.push('', message.message ?? '');
  if (message.changes.length > 0) text.push('', 'Changes:');
  for (const change of message.changes) {
    const what =
      change.type === 'status'
        ? `status ${change.from} -> ${change.to}`
        : change.assignee
          ? `assigned to ${change.assignee}`
          : 'unassigned';
    text.push(`  ${localTime(change.at, timeZone)}  ${what}  by ${change.by}`);
  }
  return text.join('\n');
}

/** contrail inbox show ID: the whole message, to answer it, and who changed what. */
export async function showMessage(ctx: CommandContext, id: string, options: { json?: boolean }): Promise<void> {
  const message = await aboutMessage(id, () =>
    ctx.client.call('GET', messagePath(id), { action: 'contrail inbox show', schema: contactMessageSchema }),
  );
  if (options.json) return printJson(ctx.io, message);
  print(ctx.io, describeMessage(message, ctx.timeZone));
}

/** contrail inbox status ID STATUS. */
export async function setMessageStatus(
  ctx: CommandContext,
  id: string,
  status: string,
  options: { json?: boolean },
): Promise<void> {
  const checked = messageStatusRequestSchema.safeParse({ status });
  if (!checked.success) throw new InputError(checked.error.issues[0]!.message);
  const message = await aboutMessage(id, () =>
    ctx.client.call('POST', `${messagePath(id)}/status`, {
      body: checked.data,
      action: 'contrail inbox status',
      schema: contactMessageSchema,
    }),
  );
  if (options.json) return printJson(ctx.io, message);
  print(ctx.io, `Message ${message.id} is ${message.status}.`);
}

/** contrail inbox assign ID USERNAME|me|none. */
export async function assignMessage(
  ctx: CommandContext,
  id: string,
  assignee: string,
  options: { json?: boolean },
): Promise<void> {
  const who = assignee.trim().toLowerCase();
  const message = await aboutMessage(id, () =>
    ctx.client.call('POST', `${messagePath(id)}/assignment`, {
      body: { assignee: who === 'none' ? null : who },
      action: 'contrail inbox assign',
      schema: contactMessageSchema,
    }),
  );
  if (options.json) return printJson(ctx.io, message);
  print(ctx.io, `Message ${message.id} is ${message.assignee ? `assigned to ${message.assignee}` : 'unassigned'}.`);
}
