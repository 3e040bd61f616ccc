import type { StaffChange } from '@contrail/shared/staff/contracts';
import type { RecordedEvent } from '../eventstore/eventstore.js';
import { NO_STAFF, evolveStaff, type StaffEvent, type StaffState } from './decider.js';

function changeOf(staffId: string, event: StaffEvent, after: Exclude<StaffState, { status: 'none' }>, at: string) {
  const base = { staffId, email: after.email, role: after.role, brands: after.brands, at };
  switch (event.type) {
    case 'StaffInvited':
      return { ...base, type: 'invited', by: event.data.by.username, reason: event.data.reason } as const;
    case 'StaffEnrolled':
      return { ...base, type: 'enrolled', by: event.data.by.username, reason: event.data.reason } as const;
    case 'StaffInvitationAccepted':
      return { ...base, type: 'accepted', by: event.data.username, reason: 'Accepted the invitation' } as const;
    case 'StaffRoleChanged':
      return { ...base, type: 'role-changed', by: event.data.by.username, reason: event.data.reason } as const;
    case 'StaffAccessRevoked':
      return { ...base, type: 'revoked', by: event.data.by.username, reason: event.data.reason } as const;
  }
}

/** One member's stream as the history shows it: each change with the role it left, who, when and why. */
export function staffChanges(staffId: string, events: readonly RecordedEvent<StaffEvent>[]): StaffChange[] {
  let state: StaffState = NO_STAFF;
  return events.map((event) => {
    state = evolveStaff(state, event);
    return changeOf(staffId, event, state as Exclude<StaffState, { status: 'none' }>, event.metadata.timestamp);
  });
}
