import type { DeskEntry } from '@contrail/shared/support-desk/contracts';
import type { Request } from 'express';
import type { Clock } from '../clock.js';
import { handleCommand } from '../eventstore/command-handler.js';
import type { EventStore } from '../eventstore/eventstore.js';
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
  try {
    await handleCommand(deps.eventStore, deskStream(bookingId), deskDecider, command, {
      context,
      clock: deps.clock,
      retriesOnConflict: 5,
    });
  } catch (error) {
    if (error instanceof DeskRuleError) throw new HttpError(400, error.message, 'VALIDATION_ERROR');
    throw error;
  }
}

/** A booking's desk work, oldest first, each entry with its author's username. */
export async function deskTimeline(eventStore: EventStore, bookingId: string): Promise<DeskEntry[]> {
  const recorded = await eventStore.readStream(deskStream(bookingId));
  return recorded.map((stored) => {
    const event = deskDecider.parse(stored);
    const common = { at: stored.metadata.timestamp, by: event.data.by.username };
    switch (event.type) {
      case 'PersonalDataRevealed':
        return { type: event.type, ...common, reason: event.data.reason, seen: event.data.seen };
      case 'PersonalDataErased':
        return { type: event.type, ...common, reason: event.data.reason };
      case 'InternalNoteAdded':
        return { type: event.type, ...common, text: event.data.text };
    }
  });
}
