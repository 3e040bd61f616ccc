import {
  ACCESS_REASON_MIN,
  NOTE_MAX,
  REVEALED_DATA,
  supportDeskMessages,
  type RevealedData,
} from '@contrail/shared/support-desk/contracts';
import { z } from 'zod';
import type { Decider } from '../eventstore/command-handler.js';
import { eventParser } from '../eventstore/event-parser.js';
import type { DomainEvent } from '../eventstore/eventstore.js';

/**
 * Staff work on one booking, beside the booking's own stream: who saw its travellers' personal data
 * and why, who erased it and why, and internal notes. The booking's stream stays the traveller's
 * story; this one is the desk's, never shown to the traveller.
 */
export const deskStream = (bookingId: string) => `support-desk-${bookingId}`;
export const DESK_STREAM_PREFIX = 'support-desk-';

export interface DeskActor {
  userId: string;
  username: string;
}

interface Acting {
  by: DeskActor;
  brandKey: string;
}

export type PersonalDataRevealed = DomainEvent<
  'PersonalDataRevealed',
  Acting & { reason: string; seen: RevealedData[] }
>;
export type PersonalDataErased = DomainEvent<'PersonalDataErased', Acting & { reason: string }>;
export type InternalNoteAdded = DomainEvent<'InternalNoteAdded', Acting & { text: string }>;
export type DeskEvent = PersonalDataRevealed | PersonalDataErased | InternalNoteAdded;

export type DeskCommand =
  | ({ type: 'RevealPersonalData'; reason: string; seen: readonly RevealedData[] } & Acting)
  | ({ type: 'RecordErasure'; reason: string } & Acting)
  | ({ type: 'AddInternalNote'; text: string } & Acting);

export interface DeskState {
  erased: boolean;
}

export const NO_DESK_WORK: DeskState = { erased: false };

/** A refused desk command; the message is safe to show. */
export class DeskRuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeskRuleError';
  }
}

function reasonOf(command: { reason: string }): string {
  const reason = command.reason.trim();
  if (reason.length < ACCESS_REASON_MIN) throw new DeskRuleError(supportDeskMessages.reason);
  return reason;
}

function decideReveal(command: Extract<DeskCommand, { type: 'RevealPersonalData' }>): DeskEvent[] {
  const seen = REVEALED_DATA.filter((kind) => command.seen.includes(kind));
  if (seen.length === 0) throw new DeskRuleError('Say what personal data is shown');
  const { by, brandKey } = command;
  return [{ type: 'PersonalDataRevealed', data: { by, brandKey, reason: reasonOf(command), seen } }];
}

function decideNote(command: Extract<DeskCommand, { type: 'AddInternalNote' }>): DeskEvent[] {
  const text = command.text.trim();
  if (text.length === 0 || text.length > NOTE_MAX) throw new DeskRuleError(supportDeskMessages.note);
  return [{ type: 'InternalNoteAdded', data: { by: command.by, brandKey: command.brandKey, text } }];
}

export function decideDesk(command: DeskCommand, state: DeskState): DeskEvent[] {
  switch (command.type) {
    case 'RevealPersonalData':
      return decideReveal(command);
    case 'RecordErasure': {
      const reason = reasonOf(command);
      // Erasing again changes nothing, so it records nothing either.
      if (state.erased) return [];
      return [{ type: 'PersonalDataErased', data: { by: command.by, brandKey: command.brandKey, reason } }];
    }
    case 'AddInternalNote':
      return decideNote(command);
  }
}

export function evolveDesk(state: DeskState, event: DeskEvent): DeskState {
  return event.type === 'PersonalDataErased' ? { erased: true } : state;
}

const acting = {
  by: z.object({ userId: z.string(), username: z.string() }),
  brandKey: z.string(),
};

export const parseDeskEvent = eventParser<DeskEvent>({
  PersonalDataRevealed: z.object({ ...acting, reason: z.string(), seen: z.array(z.enum(REVEALED_DATA)) }),
  PersonalDataErased: z.object({ ...acting, reason: z.string() }),
  InternalNoteAdded: z.object({ ...acting, text: z.string() }),
});

/** The desk streams' decider, for the engine's one command handler. */
export const deskDecider: Decider<DeskCommand, DeskEvent, DeskState> = {
  decide: decideDesk,
  evolve: evolveDesk,
  initialState: NO_DESK_WORK,
  parse: parseDeskEvent,
};
