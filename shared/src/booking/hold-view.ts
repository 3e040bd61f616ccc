import { z } from 'zod';

/**
 * A held trip as My Trips shows it (issue 36): `requested` until the airline holds it, `held`
 * awaiting payment, `paying` while the card and the airline are asked, `expired` once the deadline
 * passed unpaid. Amounts are decimal strings of what paying costs now.
 */
export const bookingHoldSchema = z.object({
  state: z.enum(['requested', 'held', 'paying', 'expired']),
  paymentRequiredBy: z.string(),
  priceGuaranteeExpiresAt: z.string().nullable(),
  amount: z.string(),
  currency: z.string(),
  /** The airline answered a payment with a new price: `amount` is what it costs now. */
  priceChanged: z.boolean(),
});
export type BookingHold = z.infer<typeof bookingHoldSchema>;

/**
 * A booking answer's `hold`: a trip held without paying, its deadline and what paying costs; null or
 * absent otherwise. Kept beside the booking view rather than in it, so the pages that never show a
 * hold (the booking flow's first load) do not carry it; readers that show holds extend with it.
 */
export const holdField = { hold: bookingHoldSchema.nullable().optional() };
export type WithHold<View> = View & { hold?: BookingHold | null };
