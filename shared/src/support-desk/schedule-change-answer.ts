/**
 * Support answers an airline schedule change for the traveller (issue #36): accept the new times,
 * or cancel with a full refund, each with a reason (`reasonRequestSchema`) the booking's event keeps
 * with the staff member's username. Same rules, same saga, same emails as the traveller's own answer.
 */

export const SCHEDULE_CHANGE_ANSWERS = ['accept', 'cancel'] as const;
export type ScheduleChangeAnswer = (typeof SCHEDULE_CHANGE_ANSWERS)[number];

/** `POST /api/admin/bookings/:id/schedule-changes/:changeId/accept|cancel` with `{ reason }`. */
export const staffScheduleChangePath = (bookingId: string, changeId: string, answer: ScheduleChangeAnswer) =>
  `api/admin/bookings/${encodeURIComponent(bookingId)}/schedule-changes/${encodeURIComponent(changeId)}/${answer}`;

/** What support reads in the queue and its confirm dialog. */
export const staffScheduleChangeLabels = {
  accept: 'Accept for the traveller',
  cancel: 'Cancel with a full refund',
  acceptTitle: 'Accept the new times for the traveller?',
  cancelTitle: 'Cancel this trip with a full refund?',
  acceptDescription: 'The airline is told the traveller accepts, and the traveller is emailed as if they had answered.',
  cancelDescription:
    'The trip is cancelled and everything the traveller paid is refunded: the airline changed it, so no fee is kept.',
  reason: 'Reason (ticket or the traveller’s words)',
  confirmAccept: 'Accept new times',
  confirmCancel: 'Confirm cancellation',
  back: 'Back',
  accepted: 'The new times were accepted for the traveller.',
} as const;
