import { cancellationQuoteSchema, cancelResponseSchema, type CancellationQuote } from '@contrail/shared/booking/refund';
import { resendConfirmationAnswerSchema } from '@contrail/shared/support-desk/acting';
import { deskTimelineSchema, internalNoteRequestSchema } from '@contrail/shared/support-desk/contracts';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { CommandContext } from '../context.js';
import { CliError, InputError } from '../errors.js';
import { print, printJson } from '../io.js';
import { ask } from '../ui/ask.js';
import { Confirm } from '../ui/Confirm.js';
import { notFound, oneBooking } from './bookings.js';
import { parseReason } from './reason.js';

/** The booking a support command acts on, named by its reference (any case, spaces ignored) or id. */
async function bookingIdFor(ctx: CommandContext, refOrId: string, action: string): Promise<string> {
  const found = await oneBooking(ctx, refOrId, action);
  if (!found) throw notFound(`reference or id ${refOrId}`);
  return found.id;
}

/** The quote as support reads it out to the traveller. */
export function quoteText(quote: CancellationQuote): string {
  const lines = [
    `Paid:    ${quote.paid} ${quote.currency}`,
    `Refund:  ${quote.refund} ${quote.currency} to ${quote.refundTo.cardLast4 ? `the card ending ${quote.refundTo.cardLast4}` : 'the card'}`,
    ...quote.kept.map((fee) => `Kept:    ${fee.amount} ${quote.currency}, ${fee.label.toLowerCase()}: ${fee.reason}`),
    `Valid until ${quote.expiresAt}. ${quote.timing}`,
  ];
  return lines.join('\n');
}

/**
 * contrail bookings cancel <ref> --reason TEXT: support cancels for the traveller. The engine quotes
 * the refund (recorded with your name and reason), you confirm it (or --yes), and the cancellation
 * refunds exactly that quote.
 */
export async function cancelForTraveller(
  ctx: CommandContext,
  refOrId: string,
  options: { reason?: string; yes?: boolean; json?: boolean },
): Promise<void> {
  const action = 'contrail bookings cancel';
  const reason = parseReason(options.reason);
  if (!options.yes && !ctx.io.interactive)
    throw new InputError('cancelling needs a confirmation of the refund: run it in a terminal, or pass --yes');
  const bookingId = await bookingIdFor(ctx, refOrId, action);
  const path = `/api/admin/bookings/${bookingId}`;
  const quote = await ctx.client.call('POST', `${path}/cancellation-quote`, {
    body: { reason },
    action,
    schema: cancellationQuoteSchema,
  });
  if (!options.json) print(ctx.io, quoteText(quote));
  if (!options.yes) {
    const message = `Cancel this booking for the traveller and refund ${quote.refund} ${quote.currency}?`;
    const yes = await ask<boolean>(ctx.io, (answer) => <Confirm message={message} onAnswer={answer} />);
    if (!yes) throw new CliError('Not cancelled: the quote was recorded, nothing else changed.');
  }
  const answer = await ctx.client.call('POST', `${path}/cancel`, {
    body: { quoteId: quote.quoteId, reason },
    action,
    schema: cancelResponseSchema,
  });
  if (options.json) return printJson(ctx.io, { quote, cancellation: answer });
  const refund = answer.refund ? `: ${answer.refund.amount} ${answer.refund.currency} refunded` : '';
  print(ctx.io, `${answer.message}${refund}. Recorded on the booking with your name and reason.`);
}

const requestIdSchema = z.uuid();

/**
 * contrail bookings resend-confirmation <ref> --reason TEXT: the confirmation email once more,
 * through the outbox. `--request-id` lets a script retry without sending twice.
 */
export async function resendConfirmation(
  ctx: CommandContext,
  refOrId: string,
  options: { reason?: string; requestId?: string; json?: boolean },
): Promise<void> {
  const action = 'contrail bookings resend-confirmation';
  const reason = parseReason(options.reason);
  const requestId = options.requestId?.trim() ?? randomUUID();
  if (!requestIdSchema.safeParse(requestId).success)
    throw new InputError(`--request-id: "${options.requestId}" is not a UUID`);
  const bookingId = await bookingIdFor(ctx, refOrId, action);
  const answer = await ctx.client.call('POST', `/api/admin/bookings/${bookingId}/resend-confirmation`, {
    body: { requestId, reason },
    action,
    schema: resendConfirmationAnswerSchema,
  });
  if (options.json) return printJson(ctx.io, answer);
  print(ctx.io, `${answer.message} (request ${answer.requestId}).`);
}

/**
 * contrail bookings note <ref> --text TEXT: an internal note on the booking's desk timeline, with
 * your name; never shown to the traveller.
 */
export async function addInternalNote(
  ctx: CommandContext,
  refOrId: string,
  options: { text?: string; json?: boolean },
): Promise<void> {
  const note = internalNoteRequestSchema.safeParse({ text: options.text });
  if (!note.success) throw new InputError(`--text: ${note.error.issues[0]!.message}`);
  const bookingId = await bookingIdFor(ctx, refOrId, 'contrail bookings note');
  const answer = await ctx.client.call('POST', `/api/admin/bookings/${bookingId}/notes`, {
    body: note.data,
    action: 'contrail bookings note',
    schema: deskTimelineSchema,
  });
  if (options.json) return printJson(ctx.io, answer);
  print(ctx.io, "Note added to the booking's desk timeline (staff only, never shown to the traveller).");
}
