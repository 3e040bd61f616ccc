import { z } from 'zod';
import { keptFeeSchema } from '../booking/refund.js';
import { accessReasonSchema } from './contracts.js';

/**
 * Support acting for the traveller (issue #31): quote and confirm a cancellation with refund,
 * resend the confirmation email. Every request gives its reason (a ticket or the caller's words),
 * which the booking's events keep with the staff member's username.
 */

/** `POST /api/admin/bookings/:id/cancellation-quote`. */
export const staffQuoteRequestSchema = z.object({ reason: accessReasonSchema });
export type StaffQuoteRequest = z.infer<typeof staffQuoteRequestSchema>;

/** `POST /api/admin/bookings/:id/cancel`: confirms the quote the traveller was told about. */
export const staffCancelRequestSchema = z.object({
  quoteId: z.string({ error: 'quoteId is required: ask for a quote first' }).trim().min(1).max(100),
  reason: accessReasonSchema,
});
export type StaffCancelRequest = z.infer<typeof staffCancelRequestSchema>;

/**
 * `POST /api/admin/bookings/:id/resend-confirmation`: `requestId` (a UUID the caller makes once
 * per click or command) makes a retried request send nothing more.
 */
export const resendConfirmationRequestSchema = z.object({
  requestId: z.uuid({ error: 'requestId must be a UUID' }),
  reason: accessReasonSchema,
});
export type ResendConfirmationRequest = z.infer<typeof resendConfirmationRequestSchema>;

export const resendConfirmationAnswerSchema = z.object({
  bookingId: z.string(),
  requestId: z.string(),
  /** False when this request was already recorded: nothing more is sent. */
  queued: z.boolean(),
  message: z.string(),
});
export type ResendConfirmationAnswer = z.infer<typeof resendConfirmationAnswerSchema>;

/** `GET /api/admin/bookings/:id/money`: decimal amounts in the booking's currency. */
export const bookingMoneySchema = z.object({
  bookingId: z.string(),
  currency: z.string(),
  /** The card hold; zero when none was taken, or when it was voided. */
  authorized: z.string(),
  captured: z.string(),
  refunded: z.string(),
  /** What a cancellation kept, and why (empty until cancelled). */
  kept: z.array(keptFeeSchema),
  cardLast4: z.string().nullable(),
  paymentStatus: z.enum(['none', 'authorized', 'captured', 'voided']),
});
export type BookingMoney = z.infer<typeof bookingMoneySchema>;
