import { describe, expect, it } from 'vitest';
import { fold } from '../../eventstore/command-handler.js';
import {
  decideInbox,
  inboxDecider,
  InboxRuleError,
  NEW_MESSAGE,
  type InboxCommand,
  type InboxEvent,
} from './decider.js';

const ana = { userId: 'u-ana', username: 'ana' };
const bo = { userId: 'u-bo', username: 'bo' };
const acting = { by: ana, brandKey: 'skyfares.com' };

const assigned = (assignee: typeof ana | null): InboxEvent => ({
  type: 'ContactMessageAssigned',
  data: { ...acting, assignee },
});
const statusSet = (from: 'new' | 'answered' | 'closed', to: 'new' | 'answered' | 'closed'): InboxEvent => ({
  type: 'ContactMessageStatusSet',
  data: { ...acting, from, to },
});

function given(events: InboxEvent[]) {
  const state = fold(inboxDecider, events, NEW_MESSAGE);
  return {
    when: (command: InboxCommand) => ({
      then: (expected: InboxEvent[]) => expect(decideInbox(command, state)).toEqual(expected),
      thenRefused: (message: RegExp) => {
        expect(() => decideInbox(command, state)).toThrow(InboxRuleError);
        expect(() => decideInbox(command, state)).toThrow(message);
      },
    }),
  };
}

describe('a contact message’s status', () => {
  it('given a new message, when answered, then the change from new to answered is recorded with who made it', () => {
    given([])
      .when({ type: 'SetMessageStatus', ...acting, status: 'answered' })
      .then([statusSet('new', 'answered')]);
  });
  it('given an answered message, when closed and reopened, then each change names where it came from', () => {
    given([statusSet('new', 'answered')])
      .when({ type: 'SetMessageStatus', ...acting, status: 'closed' })
      .then([statusSet('answered', 'closed')]);
    given([statusSet('new', 'answered'), statusSet('answered', 'closed')])
      .when({ type: 'SetMessageStatus', ...acting, status: 'new' })
      .then([statusSet('closed', 'new')]);
  });
  it('given a status, when set again, then nothing is recorded', () => {
    given([statusSet('new', 'answered')])
      .when({ type: 'SetMessageStatus', ...acting, status: 'answered' })
      .then([]);
    given([])
      .when({ type: 'SetMessageStatus', ...acting, status: 'new' })
      .then([]);
  });
});

describe('a contact message’s assignment', () => {
  it('given a new message, when assigned, reassigned and unassigned, then each is recorded', () => {
    given([])
      .when({ type: 'AssignMessage', ...acting, assignee: ana })
      .then([assigned(ana)]);
    given([assigned(ana)])
      .when({ type: 'AssignMessage', ...acting, assignee: bo })
      .then([assigned(bo)]);
    given([assigned(ana)])
      .when({ type: 'AssignMessage', ...acting, assignee: null })
      .then([assigned(null)]);
  });
  it('given a message assigned to someone, when assigned to them again, then nothing is recorded', () => {
    given([assigned(ana)])
      .when({ type: 'AssignMessage', ...acting, assignee: ana })
      .then([]);
    given([])
      .when({ type: 'AssignMessage', ...acting, assignee: null })
      .then([]);
  });
  it('given a closed message, when assigned, then it is refused; unassigning it is allowed', () => {
    given([assigned(ana), statusSet('new', 'closed')])
      .when({ type: 'AssignMessage', ...acting, assignee: bo })
      .thenRefused(/reopen it/);
    given([assigned(ana), statusSet('new', 'closed')])
      .when({ type: 'AssignMessage', ...acting, assignee: null })
      .then([assigned(null)]);
  });
  it('reads its stored events back as written', () => {
    const stored = assigned(bo);
    expect(inboxDecider.parse(stored)).toEqual(stored);
  });
});
