import { CONTACT_MESSAGE_STATUSES, type ContactMessageStatus } from '@contrail/shared/support-desk/inbox';
import { z } from 'zod';
import type { Decider } from '../../eventstore/command-handler.js';
import { eventParser } from '../../eventstore/event-parser.js';
import type { DomainEvent } from '../../eventstore/eventstore.js';
import type { DeskActor } from '../decider.js';

/**
 * The inbox's work on one contact message, in its own stream `contact-message-<request id>`: its
 * status and who it is assigned to, each change with who made it. The message itself stays in
 * `support_requests` (erased with its sender); these events hold no personal data.
 */
export const inboxStream = (requestId: string) => `contact-message-${requestId}`;
export const INBOX_STREAM_PREFIX = 'contact-message-';

interface Acting {
  by: DeskActor;
  brandKey: string;
}

export type ContactMessageStatusSet = DomainEvent<
  'ContactMessageStatusSet',
  Acting & { from: ContactMessageStatus; to: ContactMessageStatus }
>;
export type ContactMessageAssigned = DomainEvent<'ContactMessageAssigned', Acting & { assignee: DeskActor | null }>;
export type InboxEvent = ContactMessageStatusSet | ContactMessageAssigned;

export type InboxCommand =
  | ({ type: 'SetMessageStatus'; status: ContactMessageStatus } & Acting)
  | ({ type: 'AssignMessage'; assignee: DeskActor | null } & Acting);

export interface InboxState {
  status: ContactMessageStatus;
  assigneeId: string | null;
}
export const NEW_MESSAGE: InboxState = { status: 'new', assigneeId: null };

/** A refused inbox command; the message is safe to show. */
export class InboxRuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InboxRuleError';
  }
}

export function decideInbox(command: InboxCommand, state: InboxState): InboxEvent[] {
  const { by, brandKey } = command;
  switch (command.type) {
    case 'SetMessageStatus':
      if (command.status === state.status) return [];
      return [{ type: 'ContactMessageStatusSet', data: { by, brandKey, from: state.status, to: command.status } }];
    case 'AssignMessage': {
      if ((command.assignee?.userId ?? null) === state.assigneeId) return [];
      // A closed message is done with: giving it to someone is a mistake, unassigning it is not.
      if (state.status === 'closed' && command.assignee)
        throw new InboxRuleError('This message is closed: reopen it (status new) before assigning it');
      return [{ type: 'ContactMessageAssigned', data: { by, brandKey, assignee: command.assignee } }];
    }
  }
}

export function evolveInbox(state: InboxState, event: InboxEvent): InboxState {
  switch (event.type) {
    case 'ContactMessageStatusSet':
      return { ...state, status: event.data.to };
    case 'ContactMessageAssigned':
      return { ...state, assigneeId: event.data.assignee?.userId ?? null };
  }
}

const actor = z.object({ userId: z.string(), username: z.string() });
const acting = { by: actor, brandKey: z.string() };

export const parseInboxEvent = eventParser<InboxEvent>({
  ContactMessageStatusSet: z.object({
    ...acting,
    from: z.enum(CONTACT_MESSAGE_STATUSES),
    to: z.enum(CONTACT_MESSAGE_STATUSES),
  }),
  ContactMessageAssigned: z.object({ ...acting, assignee: actor.nullable() }),
});

export const inboxDecider: Decider<InboxCommand, InboxEvent, InboxState> = {
  decide: decideInbox,
  evolve: evolveInbox,
  initialState: NEW_MESSAGE,
  parse: parseInboxEvent,
};
