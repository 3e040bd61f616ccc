import type { DeskEntry } from '@contrail/shared/support-desk/contracts';
import type { Request } from 'express';
import type { Clock } from '../clock.js';
import { handleCommand } from '../eventstore/command-handler.js';
import type { EventStore, RecordedEvent } from '../eventstore/eventstore.js';
import { bookingStreamName, parseBookingEvent } from '../bookings/domain/events.js';
import { decimalAmount } from '@contrail/shared/booking/money';
import type { EventContext } from '../eventstore/metadata.js';
import { HttpError } from '../http/errors.js';
import { deskDecider, deskStream, DeskRuleError, type DeskActor, type DeskCommand } from './decider.js';

export interface DeskDeps {
  eventStore: EventStore;
  clock: Clock;
}

/** The signed-in member of staff, as the desk's events name them. */
export const deskActorOf = (req: Request): DeskActor => ({
  userId: req.user?.id ?? 'anonymous',
  username: req.user?.username ?? 'anonymous',
});

/** Decides a desk command on the booking's desk stream and appends what it decided. */
export async function recordDeskWork(
  deps: DeskDeps,
  bookingId: string,
  command: DeskCommand,
  context: EventContext,
): Promise<void> {
  await appendDeskWork(deps, bookingId, command, context);
}

/** The same, answering how many events were appended (none: a repeated request changed nothing). */
export async function appendDeskWork(
  deps: DeskDeps,
  bookingId: string,
  command: DeskCommand,
  context: EventContext,
): Promise<number> {
  try {
    const handled = await handleCommand(deps.eventStore, deskStream(bookingId), deskDecider, command, {
      context,
      clock: deps.clock,
      retriesOnConflict: 5,
    });
    return handled.events.length;
  } catch (error) {
    if (error instanceof DeskRuleError) throw new HttpError(400, error.message, 'VALIDATION_ERROR');
    throw error;
  }
}

/**
 * A booking's desk work, oldest first, each entry with its author's username: the desk stream's
 * events, and the booking's own events support recorded for the traveller (issue #31).
 */
export async function deskTimeline(eventStore: EventStore, bookingId: string): Promise<DeskEntry[]> {
  const [desk, booking] = await Promise.all([
    eventStore.readStream(deskStream(bookingId)),
    eventStore.readStream(bookingStreamName(bookingId)),
  ]);
  const entries = [...deskEntries(desk), ...booking.flatMap(staffEntryOf)];
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}

/** A booking event support recorded for the traveller, as a desk entry; none for the others. */
function staffEntryOf(stored: RecordedEvent): DeskEntry[] {
  if (stored.type !== 'CancellationQuoted' && stored.type !== 'CancellationRequested') return [];
  const event = parseBookingEvent(stored);
  if (event.type === 'CancellationQuoted' && event.data.staff) {
    const { staff, refund } = event.data;
    const common = { at: stored.metadata.timestamp, by: staff.username, reason: staff.reason };
    const amount = decimalAmount(refund.amount, refund.currency);
    return [{ type: 'CancellationQuoted', ...common, refund: amount, currency: refund.currency }];
  }
  if (event.type === 'CancellationRequested' && event.data.staff) {
    const { staff } = event.data;
    return [{ type: 'CancellationRequested', at: stored.metadata.timestamp, by: staff.username, reason: staff.reason }];
  }
  return [];
}

function deskEntries(recorded: readonly RecordedEvent[]): DeskEntry[] {
  return recorded.map((stored): DeskEntry => {
    const event = deskDecider.parse(stored);
    const common = { at: stored.metadata.timestamp, by: event.data.by.username };
    switch (event.type) {
      case 'PersonalDataRevealed':
        return { type: event.type, ...common, reason: event.data.reason, seen: event.data.seen };
      case 'PersonalDataErased':
        return { type: event.type, ...common, reason: event.data.reason };
      case 'InternalNoteAdded':
        return { type: event.type, ...common, text: event.data.text };
      case 'ConfirmationResendRequested':
        return { type: event.type, ...common, reason: event.data.reason };
    }
  });
}
