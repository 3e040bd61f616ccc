import { z } from 'zod';
import { isSafeText, UNSAFE_TEXT_MESSAGE } from '../validation/safe-text.js';

/**
 * The support desk's requests and answers: personal data shown only for a reason, the access log
 * of who saw what and why, and the internal notes staff keep on a booking.
 */

export const ACCESS_REASON_MIN = 5;
export const ACCESS_REASON_MAX = 500;
export const NOTE_MAX = 2000;

export const supportDeskMessages = {
  reason: `Please give a reason: a booking reference or the ticket (${ACCESS_REASON_MIN} to ${ACCESS_REASON_MAX} characters)`,
  note: `Please write a note (1 to ${NOTE_MAX} characters)`,
} as const;

export const accessReasonSchema = z
  .string({ error: supportDeskMessages.reason })
  .trim()
  .min(ACCESS_REASON_MIN, supportDeskMessages.reason)
  .max(ACCESS_REASON_MAX, supportDeskMessages.reason)
  .refine(isSafeText, UNSAFE_TEXT_MESSAGE);

/** A request that gives its reason: `POST /api/admin/bookings/:id/reveal` and `.../erase-passengers`. */
export const reasonRequestSchema = z.object({ reason: accessReasonSchema });
export type ReasonRequest = z.infer<typeof reasonRequestSchema>;

/** `POST /api/admin/outbox/reveal`: the bodies of one booking's emails, for a reason. */
export const outboxRevealRequestSchema = reasonRequestSchema.extend({
  bookingId: z
    .string()
    .trim()
    .regex(/^[\w-]{1,100}$/, 'bookingId is not a booking id'),
});
export type OutboxRevealRequest = z.infer<typeof outboxRevealRequestSchema>;

/** `POST /api/admin/bookings/:id/notes`. */
export const internalNoteRequestSchema = z.object({
  text: z
    .string({ error: supportDeskMessages.note })
    .trim()
    .min(1, supportDeskMessages.note)
    .max(NOTE_MAX, supportDeskMessages.note)
    .refine(isSafeText, UNSAFE_TEXT_MESSAGE),
});
export type InternalNoteRequest = z.infer<typeof internalNoteRequestSchema>;

/**
 * What a reveal showed: the travellers' data in a booking's history, the text of its emails, or
 * the travellers' names in a bookings export (a log entry of its own, for every booking it held).
 */
export const REVEALED_DATA = ['passengers', 'emails', 'bookings-export'] as const;
export type RevealedData = (typeof REVEALED_DATA)[number];

/** One entry of a booking's desk timeline: staff work beside the booking's own events. */
export const deskEntrySchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('PersonalDataRevealed'),
    at: z.string(),
    by: z.string(),
    reason: z.string(),
    seen: z.array(z.enum(REVEALED_DATA)),
  }),
  z.object({ type: z.literal('PersonalDataErased'), at: z.string(), by: z.string(), reason: z.string() }),
  z.object({ type: z.literal('InternalNoteAdded'), at: z.string(), by: z.string(), text: z.string() }),
  /** Support acting for the traveller (issue #31): the booking's own events that name the staff member. */
  z.object({
    type: z.literal('CancellationQuoted'),
    at: z.string(),
    by: z.string(),
    reason: z.string(),
    /** Decimal, in `currency`. */
    refund: z.string(),
    currency: z.string(),
  }),
  z.object({ type: z.literal('CancellationRequested'), at: z.string(), by: z.string(), reason: z.string() }),
  z.object({ type: z.literal('ConfirmationResendRequested'), at: z.string(), by: z.string(), reason: z.string() }),
]);
export type DeskEntry = z.infer<typeof deskEntrySchema>;

/** `GET /api/admin/bookings/:id/desk`: oldest first. */
export const deskTimelineSchema = z.object({ bookingId: z.string(), entries: z.array(deskEntrySchema) });
export type DeskTimeline = z.infer<typeof deskTimelineSchema>;

/** One row of the access log: who saw whose personal data, when, what and why. */
export const accessLogEntrySchema = z.object({
  at: z.string(),
  bookingId: z.string(),
  brandKey: z.string(),
  userId: z.string(),
  username: z.string(),
  seen: z.array(z.enum(REVEALED_DATA)),
  reason: z.string(),
  /** A bookings export's filters ("from 2026-11-01 to 2026-11-30"); absent on a booking's reveal. */
  exported: z.string().optional(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

export const ACCESS_LOG_LIMIT_MAX = 1000;

/** `GET /api/admin/access-log` (and `/access-log.csv`) filters. */
export const accessLogQuerySchema = z.object({
  bookingId: z.string().trim().max(100).optional(),
  username: z.string().trim().max(100).optional(),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${ACCESS_LOG_LIMIT_MAX}` })
    .int(`limit must be a whole number from 1 to ${ACCESS_LOG_LIMIT_MAX}`)
    .min(1, `limit must be a whole number from 1 to ${ACCESS_LOG_LIMIT_MAX}`)
    .max(ACCESS_LOG_LIMIT_MAX, `limit must be a whole number from 1 to ${ACCESS_LOG_LIMIT_MAX}`)
    .default(200),
});
export type AccessLogQuery = z.infer<typeof accessLogQuerySchema>;

/** `GET /api/admin/access-log`: newest first. */
export const accessLogSchema = z.object({ entries: z.array(accessLogEntrySchema) });
export type AccessLog = z.infer<typeof accessLogSchema>;

export const ACCESS_LOG_CSV_HEADER = [
  'at',
  'username',
  'user_id',
  'brand',
  'booking_id',
  'seen',
  'reason',
  'exported',
] as const;
