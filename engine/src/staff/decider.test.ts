import { describe, expect, it } from 'vitest';
import { fold } from '../eventstore/command-handler.js';
import {
  decideStaff,
  NO_STAFF,
  staffDecider,
  StaffRuleError,
  type Acting,
  type StaffCommand,
  type StaffEvent,
} from './decider.js';

const root = { userId: 'u-root', username: 'root' };
const sky = { userId: 'u-sky', username: 'skyboss' };
const asRoot: Acting = { by: root, scope: { role: 'platform-admin', brands: [] }, reason: 'desk hire' };
const asSkyAdmin: Acting = { by: sky, scope: { role: 'brand-admin', brands: ['skyhop'] }, reason: 'desk hire' };
const EXPIRES = '2026-12-01T12:00:00.000Z';

const invited = (brands = ['skyhop'], by = root): StaffEvent => ({
  type: 'StaffInvited',
  data: { email: 'ana@example.com', role: 'support-agent', brands, expiresAt: EXPIRES, by, reason: 'desk hire' },
});
const accepted: StaffEvent = { type: 'StaffInvitationAccepted', data: { userId: 'u-ana', username: 'ana' } };
const revoked: StaffEvent = { type: 'StaffAccessRevoked', data: { by: root, reason: 'left the company' } };

function given(events: StaffEvent[]) {
  const state = fold(staffDecider, events, NO_STAFF);
  return {
    when: (command: StaffCommand) => ({
      then: (expected: StaffEvent[]) => expect(decideStaff(command, state)).toEqual(expected),
      thenRefused: (kind: StaffRuleError['kind'], message: string) => {
        const refusal = (() => {
          try {
            decideStaff(command, state);
          } catch (error) {
            return error;
          }
        })();
        expect(refusal).toBeInstanceOf(StaffRuleError);
        expect(refusal).toMatchObject({ kind, message });
      },
    }),
  };
}

const invite = (acting: Acting, role: 'support-agent' | 'platform-admin' = 'support-agent', brands = ['skyhop']) =>
  ({ type: 'Invite', email: 'ana@example.com', role, brands, expiresAt: EXPIRES, ...acting }) as const;

describe('staff invitations', () => {
  it('records who invited whom, to what, and why', () => {
    given([]).when(invite(asRoot)).then([invited()]);
  });

  it('lets a brand admin invite to their own brand but never a platform admin, nor to another brand', () => {
    given([])
      .when(invite(asSkyAdmin))
      .then([invited(['skyhop'], sky)]);
    given([])
      .when(invite(asSkyAdmin, 'platform-admin', []))
      .thenRefused('forbidden', 'You cannot grant this role');
    given([])
      .when(invite(asSkyAdmin, 'support-agent', ['nordlys']))
      .thenRefused('forbidden', 'You cannot grant this role');
  });

  it('is accepted once, before it expires', () => {
    const accept = { type: 'Accept', userId: 'u-ana', username: 'ana', now: '2026-11-30T00:00:00.000Z' } as const;
    given([invited()]).when(accept).then([accepted]);
    given([invited(), accepted]).when(accept).thenRefused('conflict', 'This invitation was used already');
    given([invited()])
      .when({ ...accept, now: EXPIRES })
      .thenRefused('expired', 'This invitation has expired: ask for a new one');
  });
});

describe('role changes and revocation', () => {
  const change = (acting: Acting, role: 'brand-admin' | 'platform-admin', brands: string[]) =>
    ({ type: 'ChangeRole', role, brands, ...acting }) as const;

  it('records the new role with the previous one', () => {
    given([invited(), accepted])
      .when(change(asRoot, 'brand-admin', ['skyhop']))
      .then([
        {
          type: 'StaffRoleChanged',
          data: {
            role: 'brand-admin',
            brands: ['skyhop'],
            previous: { role: 'support-agent', brands: ['skyhop'] },
            by: root,
            reason: 'desk hire',
          },
        },
      ]);
  });

  it('decides nothing when the role and brands are unchanged', () => {
    given([invited(), accepted])
      .when({ type: 'ChangeRole', role: 'support-agent', brands: ['skyhop'], ...asRoot })
      .then([]);
  });

  it('never lets a brand admin make a platform admin, nor manage staff of another brand', () => {
    given([invited(), accepted])
      .when(change(asSkyAdmin, 'platform-admin', []))
      .thenRefused('forbidden', 'You cannot grant this role');
    given([invited(['nordlys']), accepted])
      .when(change(asSkyAdmin, 'brand-admin', ['skyhop']))
      .thenRefused('forbidden', 'You cannot manage this member of staff');
    given([invited(['nordlys']), accepted])
      .when({ type: 'Revoke', ...asSkyAdmin })
      .thenRefused('forbidden', 'You cannot manage this member of staff');
  });

  it('lets nobody change their own access', () => {
    const self: Acting = { ...asRoot, by: { userId: 'u-ana', username: 'ana' } };
    given([invited(), accepted])
      .when({ type: 'Revoke', ...self })
      .thenRefused('forbidden', 'You cannot change your own access');
  });

  it('revokes with who and why, once; a revoked member gets no new role', () => {
    const revoke = { type: 'Revoke', ...asRoot, reason: 'left the company' } as const;
    given([invited(), accepted]).when(revoke).then([revoked]);
    given([invited(), accepted, revoked]).when(revoke).then([]);
    given([invited(), accepted, revoked])
      .when(change(asRoot, 'brand-admin', ['skyhop']))
      .thenRefused('conflict', 'This access was revoked');
  });

  it('refuses changes to a member that does not exist', () => {
    given([])
      .when({ type: 'Revoke', ...asRoot })
      .thenRefused('not-found', 'No such member of staff');
  });

  it('enrols an existing admin once', () => {
    const enrol: Extract<StaffCommand, { type: 'Enrol' }> = {
      type: 'Enrol',
      email: 'admin@example.com',
      role: 'platform-admin',
      brands: [],
      userId: 'u-root',
      username: 'root',
      by: root,
      reason: 'created at start-up',
    };
    const { type: _type, ...data } = enrol;
    given([])
      .when(enrol)
      .then([{ type: 'StaffEnrolled', data }]);
    given([{ type: 'StaffEnrolled', data }])
      .when(enrol)
      .then([]);
  });

  it('folds to the current role and status', () => {
    const state = fold(staffDecider, [invited(), accepted, revoked], NO_STAFF);
    expect(state).toEqual({
      status: 'revoked',
      email: 'ana@example.com',
      role: 'support-agent',
      brands: ['skyhop'],
      expiresAt: null,
      userId: 'u-ana',
    });
  });

  it('reads its stored events back through the parser', () => {
    for (const event of [invited(), accepted, revoked]) expect(staffDecider.parse(event)).toEqual(event);
  });
});
