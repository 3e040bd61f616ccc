import { z } from 'zod';
import type { Decider } from '../../eventstore/command-handler.js';
import { eventParser } from '../../eventstore/event-parser.js';
import type { DomainEvent } from '../../eventstore/eventstore.js';
import type { BookingPhase } from '../domain/state.js';

/**
 * Issue 36: a trip's share link is its own small stream, `trip-share-<booking id>`, beside the
 * booking's: sharing changes nothing of the booking itself, and its history is the audit trail.
 */
export const shareStreamOf = (bookingId: string) => `trip-share-${bookingId}`;

/** Only a trip that is booked may be shown to others (not a checkout, hold or cancelled trip). */
const SHAREABLE: readonly BookingPhase[] = ['confirmed', 'completed'];

export type ShareCommand =
  | { type: 'CreateShareLink'; tokenHash: string; bookingPhase: BookingPhase; at: string }
  | { type: 'RevokeShareLink'; at: string };

const createdSchema = z.object({ tokenHash: z.string(), at: z.string() });
const revokedSchema = z.object({ tokenHash: z.string(), at: z.string() });
export type ShareLinkCreated = DomainEvent<'ShareLinkCreated', z.infer<typeof createdSchema>>;
export type ShareLinkRevoked = DomainEvent<'ShareLinkRevoked', z.infer<typeof revokedSchema>>;
export type ShareEvent = ShareLinkCreated | ShareLinkRevoked;

/** The live link's hash (null: none), and since when. */
export interface ShareState {
  active: { tokenHash: string; createdAt: string } | null;
}

export class ShareRefusal extends Error {
  constructor(
    readonly code: 'NOT_SHAREABLE',
    message: string,
  ) {
    super(message);
    this.name = 'ShareRefusal';
  }
}

/** A new link replaces the live one (revoked first); revoking with no live link changes nothing. */
export function decideShare(command: ShareCommand, state: ShareState): ShareEvent[] {
  const revokeLive: ShareEvent[] = state.active
    ? [{ type: 'ShareLinkRevoked', data: { tokenHash: state.active.tokenHash, at: command.at } }]
    : [];
  if (command.type === 'RevokeShareLink') return revokeLive;
  if (!SHAREABLE.includes(command.bookingPhase))
    throw new ShareRefusal('NOT_SHAREABLE', 'Only a booked trip can be shared');
  return [...revokeLive, { type: 'ShareLinkCreated', data: { tokenHash: command.tokenHash, at: command.at } }];
}

export function evolveShare(state: ShareState, event: ShareEvent): ShareState {
  if (event.type === 'ShareLinkCreated')
    return { active: { tokenHash: event.data.tokenHash, createdAt: event.data.at } };
  return state.active?.tokenHash === event.data.tokenHash ? { active: null } : state;
}

export const shareDecider: Decider<ShareCommand, ShareEvent, ShareState> = {
  decide: decideShare,
  evolve: evolveShare,
  initialState: { active: null },
  parse: eventParser<ShareEvent>({ ShareLinkCreated: createdSchema, ShareLinkRevoked: revokedSchema }),
};
