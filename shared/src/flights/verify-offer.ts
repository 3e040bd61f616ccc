import { z } from '../validation/zod-mini.js';
import { VERIFY_OFFER_CODES } from './verify-offer-messages.js';

export * from './verify-offer-messages.js';

/** `GET /api/flights/verify-offer/:id` (seed 000 §3); 410 when expired. */
export const verifyOfferResultSchema = z.object({
  valid: z.boolean(),
  message: z.string(),
  error: z.nullable(z.enum(VERIFY_OFFER_CODES)),
  offer_id: z.nullable(z.string()),
  expires_at: z.nullable(z.string()),
  minutes_remaining: z.nullable(z.number()),
  /** The supplied price at verification time, so a changed price is visible before paying. */
  total_amount: z.optional(z.string()),
  total_currency: z.optional(z.string()),
});
export type VerifyOfferResult = z.infer<typeof verifyOfferResultSchema>;

/** Whole minutes left before `expiresAt`, never negative. */
export function minutesRemaining(expiresAt: string, now: Date): number {
  const left = new Date(expiresAt).getTime() - now.getTime();
  return Number.isFinite(left) ? Math.max(0, Math.floor(left / 60_000)) : 0;
}
