import { z } from 'zod';
import {
  amountSchema,
  cardDetailsSchema,
  currencySchema,
  offerIdSchema,
  paymentIdSchema,
  processCardResponseSchema,
  returnPathSchema,
} from './contracts.js';
import { passengerShapeSchema } from './passenger.js';

/**
 * Hold now, pay later (issue 36): an offer whose `payment_requirements.requires_instant_payment` is
 * false may be held as an airline order without paying, then paid from My Trips before
 * `payment_required_by`. Contracts and the rules both sides read.
 */

export const HOLD_BUTTON_LABEL = 'Hold this price';
export const PAY_NOW_LABEL = 'Pay Now';
export const HOLD_EXPIRED_TEXT = 'Expired: the airline released the seats, this trip was not paid';
export const HOLD_NOT_AVAILABLE_MESSAGE = 'This fare must be paid now: the airline does not hold it';
export const HOLD_SIGN_IN_MESSAGE = 'Sign in to hold this price and pay for it later from My Trips';
export const HOLD_PRICE_CHANGED_MESSAGE =
  'The airline changed the price of this held trip. Nothing was charged: pay the new price to keep it.';

/** Reminders before `payment_required_by`, by name, in hours. */
export const HOLD_REMINDERS = { '24h': 24, '2h': 2 } as const;
export type HoldReminder = keyof typeof HOLD_REMINDERS;
export const HOLD_REMINDER_NAMES = Object.keys(HOLD_REMINDERS) as HoldReminder[];

/** Whether an offer may be held: Duffel says so by not requiring instant payment. */
export function isHoldable(offer: {
  payment_requirements?: { requires_instant_payment: boolean; payment_required_by: string | null } | null;
}): boolean {
  const requirements = offer.payment_requirements;
  return !!requirements && !requirements.requires_instant_payment && !!requirements.payment_required_by;
}

/** `POST /api/bookings/hold`: the booking form without payment; a hold keeps the fare only (no seats or bags). */
export const holdRequestSchema = z.object({
  offerId: offerIdSchema,
  passengers: z
    .array(passengerShapeSchema, 'At least one passenger is required')
    .min(1, 'At least one passenger is required')
    .max(9),
});
export type HoldRequest = z.output<typeof holdRequestSchema>;

/** `POST /api/bookings/:id/pay`: the card and the price the traveller was shown (a stale one answers PRICE_CHANGED). */
export const payHoldRequestSchema = z.object({
  amount: amountSchema,
  currency: currencySchema,
  cardDetails: cardDetailsSchema,
  /**
   * Where the bank's 3-D Secure check sends the traveller back to (a path on this site): with it a
   * card that needs the check answers AUTHENTICATION_REQUIRED and its `redirectUrl`; without it
   * such a card is refused, as before.
   */
  returnPath: returnPathSchema.optional(),
});
/** `POST /api/bookings/:id/pay/authentication`: back from the bank's check, the payment it was for. */
export const payHoldAuthenticationSchema = z.object({ paymentId: paymentIdSchema });
export type PayHoldRequest = z.output<typeof payHoldRequestSchema>;
export type PayHoldRequestInput = z.input<typeof payHoldRequestSchema>;

export { bookingHoldSchema, type BookingHold } from './hold-view.js';

/** `POST /api/bookings/hold` (202) and `POST /api/bookings/:id/pay` (202). */
export const holdAnswerSchema = z.object({ id: z.string(), status: z.string(), message: z.string() });
export type HoldAnswer = z.infer<typeof holdAnswerSchema>;
/** `POST /api/bookings/:id/pay` and its `/authentication`: paying (202), or the card's answer (the bank's check: 202 AUTHENTICATION_REQUIRED). */
export const payHoldAnswerSchema = z.union([holdAnswerSchema, processCardResponseSchema]);
export type PayHoldAnswer = z.infer<typeof payHoldAnswerSchema>;

/** What is left before `deadline`, as a countdown reads it ("1 d 4 h 09 min", "12 min 05 s"); null once passed. */
export function countdownText(deadline: string, now: number): string | null {
  const left = Date.parse(deadline) - now;
  if (!(left > 0)) return null;
  const seconds = Math.floor(left / 1000);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${days} d ${hours} h ${pad(minutes)} min`;
  if (hours > 0) return `${hours} h ${pad(minutes)} min`;
  return `${minutes} min ${pad(seconds % 60)} s`;
}

/** When a reminder is due: its lead time before the payment deadline. */
export function reminderDueAt(reminder: HoldReminder, paymentRequiredBy: string): string {
  return new Date(Date.parse(paymentRequiredBy) - HOLD_REMINDERS[reminder] * 3_600_000).toISOString();
}
