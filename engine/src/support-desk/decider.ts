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
/** Support asked for the confirmation email again; the saga queues it (one email per `requestId`). */
export type ConfirmationResendRequested = DomainEvent<
  'ConfirmationResendRequested',
  Acting & { reason: string; requestId: string }
>;
export type DeskEvent = PersonalDataRevealed | PersonalDataErased | InternalNoteAdded | ConfirmationResendRequested;

export type DeskCommand =
  | ({ type: 'RevealPersonalData'; reason: string; seen: readonly RevealedData[] } & Acting)
  | ({ type: 'RecordErasure'; reason: string } & Acting)
  | ({ type: 'AddInternalNote'; text: string } & Acting)
  | ({ type: 'ResendConfirmation'; reason: string; requestId: string } & Acting);

export interface DeskState {
  erased: boolean;
  /** The resend requests already recorded: the same request again records (and sends) nothing. */
  resendRequests: readonly string[];
}

export const NO_DESK_WORK: DeskState = { erased: false, resendRequests: [] };

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

function decideResend(command: Extract<DeskCommand, { type: 'ResendConfirmation' }>, state: DeskState): DeskEvent[] {
  const reason = reasonOf(command);
  if (state.resendRequests.includes(command.requestId)) return [];
  const { by, brandKey, requestId } = command;
  return [{ type: 'ConfirmationResendRequested', data: { by, brandKey, reason, requestId } }];
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
    case 'ResendConfirmation':
      return decideResend(command, state);
  }
}

export function evolveDesk(state: DeskState, event: DeskEvent): DeskState {
  switch (event.type) {
    case 'PersonalDataErased':
      return { ...state, erased: true };
    case 'ConfirmationResendRequested':
      return { ...state, resendRequests: [...state.resendRequests, event.data.requestId] };
    default:
      return state;
  }
}

const acting = {
  by: z.object({ userId: z.string(), username: z.string() }),
  brandKey: z.string(),
};

export const parseDeskEvent = eventParser<DeskEvent>({
  PersonalDataRevealed: z.object({ ...acting, reason: z.string(), seen: z.array(z.enum(REVEALED_DATA)) }),
  PersonalDataErased: z.object({ ...acting, reason: z.string() }),
  InternalNoteAdded: z.object({ ...acting, text: z.string() }),
  ConfirmationResendRequested: z.object({ ...acting, reason: z.string(), requestId: z.string() }),
});

/** The desk streams' decider, for the engine's one command handler. */
export const deskDecider: Decider<DeskCommand, DeskEvent, DeskState> = {
  decide: decideDesk,
  evolve: evolveDesk,
  initialState: NO_DESK_WORK,
  parse: parseDeskEvent,
};
