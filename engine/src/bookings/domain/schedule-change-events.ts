import { z } from 'zod';
import { changedFlightSchema } from '@contrail/shared/booking/schedule-change';
import { staffActingSchema } from './staff-acting.js';

/**
 * The events of an airline schedule change (issue #36), in the booking stream: the airline moved
 * the flights (Duffel's airline-initiated change, `changeId`); the traveller (or support for them)
 * accepted the new times, or declined them and cancelled with a full refund.
 */
export const scheduleChangeEventSchemas = {
  ScheduleChangeDetected: z.object({
    changeId: z.string(),
    orderId: z.string(),
    /** The flights before and after the change, times local to each airport as the airline gives them. */
    before: z.array(changedFlightSchema),
    after: z.array(changedFlightSchema),
    /** When the airline recorded it: the newest change is the one the trip flies. */
    changedAt: z.string(),
    at: z.string(),
  }),
  ScheduleChangeAccepted: z.object({
    changeId: z.string(),
    requestedBy: z.string().nullable(),
    staff: staffActingSchema.optional(),
    at: z.string(),
  }),
  /** Declined: the booking is cancelled with a full refund (the quote and the request follow in the same append). */
  ScheduleChangeDeclined: z.object({
    changeId: z.string(),
    requestedBy: z.string().nullable(),
    staff: staffActingSchema.optional(),
    at: z.string(),
  }),
};
