import { mayAssign, mayManageMember } from '@contrail/shared/staff/policy';
import { STAFF_ROLES, type StaffRole, type StaffScope } from '@contrail/shared/staff/roles';
import { z } from 'zod';
import type { Decider } from '../eventstore/command-handler.js';
import { eventParser } from '../eventstore/event-parser.js';
import type { DomainEvent } from '../eventstore/eventstore.js';

/** Every member of staff is one stream, from invitation (or enrolment) to revocation. */
export const staffStream = (staffId: string) => `staff-${staffId}`;

/** Who made a change: the event's metadata carries the actor id and the time as well. */
export interface StaffActor {
  userId: string;
  username: string;
}

interface Why {
  by: StaffActor;
  reason: string;
}

export type StaffInvited = DomainEvent<
  'StaffInvited',
  Why & { email: string; role: StaffRole; brands: string[]; expiresAt: string }
>;
/** An account that held a role before staff accounts existed (or the start-up admin) joins as staff. */
export type StaffEnrolled = DomainEvent<
  'StaffEnrolled',
  Why & { email: string; role: StaffRole; brands: string[]; userId: string; username: string }
>;
export type StaffInvitationAccepted = DomainEvent<'StaffInvitationAccepted', { userId: string; username: string }>;
export type StaffRoleChanged = DomainEvent<
  'StaffRoleChanged',
  Why & { role: StaffRole; brands: string[]; previous: { role: StaffRole; brands: string[] } }
>;
export type StaffAccessRevoked = DomainEvent<'StaffAccessRevoked', Why>;
export type StaffEvent = StaffInvited | StaffEnrolled | StaffInvitationAccepted | StaffRoleChanged | StaffAccessRevoked;

export type StaffState =
  | { status: 'none' }
  | {
      status: 'invited' | 'active' | 'revoked';
      email: string;
      role: StaffRole;
      brands: string[];
      expiresAt: string | null;
      userId: string | null;
    };

export const NO_STAFF: StaffState = { status: 'none' };

/** A refused staff change; `kind` picks the HTTP status, the message is safe to show. */
export class StaffRuleError extends Error {
  constructor(
    readonly kind: 'forbidden' | 'conflict' | 'not-found' | 'expired',
    message: string,
  ) {
    super(message);
    this.name = 'StaffRuleError';
  }
}

export interface Acting {
  by: StaffActor;
  /** The actor's own scope, checked against what they grant or take away. */
  scope: StaffScope;
  reason: string;
}

export type StaffCommand =
  | ({ type: 'Invite'; email: string; role: StaffRole; brands: string[]; expiresAt: string } & Acting)
  | ({ type: 'Enrol'; email: string; role: StaffRole; brands: string[]; userId: string; username: string } & Why)
  | { type: 'Accept'; userId: string; username: string; now: string }
  | ({ type: 'ChangeRole'; role: StaffRole; brands: string[] } & Acting)
  | ({ type: 'Revoke' } & Acting);

const scopeOf = (state: Exclude<StaffState, { status: 'none' }>) => ({ role: state.role, brands: state.brands });

function member(state: StaffState): Exclude<StaffState, { status: 'none' }> {
  if (state.status === 'none') throw new StaffRuleError('not-found', 'No such member of staff');
  return state;
}

function mayChange(command: Acting, current: StaffScope, userId: string | null): void {
  if (!mayManageMember(command.scope, current)) {
    throw new StaffRuleError('forbidden', 'You cannot manage this member of staff');
  }
  if (userId === command.by.userId) throw new StaffRuleError('forbidden', 'You cannot change your own access');
}

function decideInvite(command: Extract<StaffCommand, { type: 'Invite' }>, state: StaffState): StaffEvent[] {
  if (state.status !== 'none') throw new StaffRuleError('conflict', 'This invitation exists already');
  if (!mayAssign(command.scope, command)) throw new StaffRuleError('forbidden', 'You cannot grant this role');
  const { email, role, brands, expiresAt, by, reason } = command;
  return [{ type: 'StaffInvited', data: { email, role, brands, expiresAt, by, reason } }];
}

function decideAccept(command: Extract<StaffCommand, { type: 'Accept' }>, state: StaffState): StaffEvent[] {
  const current = member(state);
  if (current.status !== 'invited') throw new StaffRuleError('conflict', 'This invitation was used already');
  if (Date.parse(command.now) >= Date.parse(current.expiresAt ?? '')) {
    throw new StaffRuleError('expired', 'This invitation has expired: ask for a new one');
  }
  return [{ type: 'StaffInvitationAccepted', data: { userId: command.userId, username: command.username } }];
}

function decideChangeRole(command: Extract<StaffCommand, { type: 'ChangeRole' }>, state: StaffState): StaffEvent[] {
  const current = member(state);
  if (current.status === 'revoked') throw new StaffRuleError('conflict', 'This access was revoked');
  mayChange(command, scopeOf(current), current.userId);
  if (!mayAssign(command.scope, command)) throw new StaffRuleError('forbidden', 'You cannot grant this role');
  const same = current.role === command.role && current.brands.join() === command.brands.join();
  if (same) return [];
  const { role, brands, by, reason } = command;
  return [{ type: 'StaffRoleChanged', data: { role, brands, previous: scopeOf(current), by, reason } }];
}

function decideRevoke(command: Extract<StaffCommand, { type: 'Revoke' }>, state: StaffState): StaffEvent[] {
  const current = member(state);
  if (current.status === 'revoked') return [];
  mayChange(command, scopeOf(current), current.userId);
  return [{ type: 'StaffAccessRevoked', data: { by: command.by, reason: command.reason } }];
}

export function decideStaff(command: StaffCommand, state: StaffState): StaffEvent[] {
  switch (command.type) {
    case 'Invite':
      return decideInvite(command, state);
    case 'Enrol': {
      if (state.status !== 'none') return [];
      const { email, role, brands, userId, username, by, reason } = command;
      return [{ type: 'StaffEnrolled', data: { email, role, brands, userId, username, by, reason } }];
    }
    case 'Accept':
      return decideAccept(command, state);
    case 'ChangeRole':
      return decideChangeRole(command, state);
    case 'Revoke':
      return decideRevoke(command, state);
  }
}

export function evolveStaff(state: StaffState, event: StaffEvent): StaffState {
  switch (event.type) {
    case 'StaffInvited': {
      const { email, role, brands, expiresAt } = event.data;
      return { status: 'invited', email, role, brands, expiresAt, userId: null };
    }
    case 'StaffEnrolled': {
      const { email, role, brands, userId } = event.data;
      return { status: 'active', email, role, brands, expiresAt: null, userId };
    }
    case 'StaffInvitationAccepted':
      return { ...member(state), status: 'active', expiresAt: null, userId: event.data.userId };
    case 'StaffRoleChanged':
      return { ...member(state), role: event.data.role, brands: event.data.brands };
    case 'StaffAccessRevoked':
      return { ...member(state), status: 'revoked', expiresAt: null };
  }
}

const role = z.enum(STAFF_ROLES);
const actor = z.object({ userId: z.string(), username: z.string() });
const why = { by: actor, reason: z.string() };
const scope = { role, brands: z.array(z.string()) };

/** The staff streams' decider, for the engine's one command handler. */
export const staffDecider: Decider<StaffCommand, StaffEvent, StaffState> = {
  decide: decideStaff,
  evolve: evolveStaff,
  initialState: NO_STAFF,
  parse: eventParser<StaffEvent>({
    StaffInvited: z.object({ ...why, ...scope, email: z.string(), expiresAt: z.string() }),
    StaffEnrolled: z.object({ ...why, ...scope, email: z.string(), userId: z.string(), username: z.string() }),
    StaffInvitationAccepted: z.object({ userId: z.string(), username: z.string() }),
    StaffRoleChanged: z.object({ ...why, ...scope, previous: z.object(scope) }),
    StaffAccessRevoked: z.object(why),
  }),
};
