import { z } from 'zod';

/**
 * Airline schedule changes (issue #36): the airline moved a booked trip's flights (Duffel's
 * airline-initiated changes). The traveller sees the old and new times side by side and accepts
 * the change or cancels with a full refund; support sees the changes still waiting for an answer.
 */

/** Duffel's webhook event for a detected change, and the header its signature comes in. */
export const AIRLINE_CHANGE_WEBHOOK_EVENT = 'order.airline_initiated_change_detected';
export const DUFFEL_SIGNATURE_HEADER = 'X-Duffel-Signature';

export const SCHEDULE_CHANGE_STATUSES = ['pending', 'accepted', 'cancelled'] as const;
export type ScheduleChangeStatus = (typeof SCHEDULE_CHANGE_STATUSES)[number];

/** One flight as the airline now (or formerly) operates it: times local to each airport, as Duffel gives them. */
export const changedFlightSchema = z.object({
  flight: z.string(),
  origin: z.string(),
  destination: z.string(),
  departingAt: z.string(),
  arrivingAt: z.string(),
});
export type ChangedFlight = z.infer<typeof changedFlightSchema>;

export const scheduleChangeViewSchema = z.object({
  changeId: z.string(),
  bookingId: z.string(),
  /** The booking reference the traveller knows (null while unknown). */
  reference: z.string().nullable(),
  status: z.enum(SCHEDULE_CHANGE_STATUSES),
  detectedAt: z.string(),
  before: z.array(changedFlightSchema),
  after: z.array(changedFlightSchema),
});
export type ScheduleChangeView = z.infer<typeof scheduleChangeViewSchema>;

export const scheduleChangeListSchema = z.object({ changes: z.array(scheduleChangeViewSchema) });
export type ScheduleChangeList = z.infer<typeof scheduleChangeListSchema>;

/** What the traveller and support read. */
export const scheduleChangeLabels = {
  actionNeeded: 'Action needed',
  title: 'The airline changed your flights',
  before: 'Before',
  after: 'Now',
  accept: 'Accept new times',
  cancel: 'Cancel with a full refund',
  accepted: 'You accepted the new times.',
  cancelling: 'Your trip is being cancelled with a full refund.',
  fullRefund: 'The airline changed your trip, so cancelling refunds everything you paid: no fee is kept.',
  queueTitle: 'Airline schedule changes',
  queueEmpty: 'No schedule change is waiting for the traveller.',
} as const;

/** "2026-12-20T18:05:00" as "20 Dec 18:05" (the airport's local time, as the airline gives it). */
export function localTimeLabel(local: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!match) return local;
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const [, , month, day, hour, minute] = match;
  return `${Number(day)} ${months[Number(month) - 1]} ${hour}:${minute}`;
}
