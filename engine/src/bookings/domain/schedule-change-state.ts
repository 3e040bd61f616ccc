import type { ScheduleChangeStatus } from '@contrail/shared/booking/schedule-change';
import type { BookingEventOf } from './events.js';

/** An airline schedule change as the booking knows it: answered or not, and when the airline made it. */
export interface ScheduleChangeState {
  changeId: string;
  status: ScheduleChangeStatus;
  changedAt: string;
}

export type ScheduleChangeEvent =
  | BookingEventOf<'ScheduleChangeDetected'>
  | BookingEventOf<'ScheduleChangeAccepted'>
  | BookingEventOf<'ScheduleChangeDeclined'>;

/** What a booking keeps of its changes (state.ts's `scheduleChanges`, absent until the first one). */
interface WithChanges {
  scheduleChanges?: ScheduleChangeState[];
}

export const scheduleChangesOf = (state: WithChanges): ScheduleChangeState[] => state.scheduleChanges ?? [];

export const pendingScheduleChange = (state: WithChanges, changeId: string) =>
  scheduleChangesOf(state).find((change) => change.changeId === changeId && change.status === 'pending');

/** Folds a schedule-change event: a new change is pending; an answer settles it. */
export function evolveScheduleChange<State extends WithChanges>(state: State, event: ScheduleChangeEvent): State {
  const changes = scheduleChangesOf(state);
  if (event.type === 'ScheduleChangeDetected') {
    const { changeId, changedAt } = event.data;
    return { ...state, scheduleChanges: [...changes, { changeId, changedAt, status: 'pending' }] };
  }
  const status: ScheduleChangeStatus = event.type === 'ScheduleChangeAccepted' ? 'accepted' : 'cancelled';
  const settled = changes.map((change) => (change.changeId === event.data.changeId ? { ...change, status } : change));
  return { ...state, scheduleChanges: settled };
}
