import { z } from 'zod';
import { POLICY } from '../content/policy.js';
import { decimalAmount } from './money.js';
import { refundProgressSchema } from './refund-progress.js';

/**
 * What a cancellation gives back (issue 20 item 2): the airline's refund as its cancellation quote
 * states it, and the brand's service fee (the markup on the airline's price) kept or refunded as
 * the brand's policy says. Amounts in minor units of one currency.
 */
export interface RefundInputs {
  /** What the traveller paid (captured): the customer price plus seats. */
  paid: number;
  /** What the airline was paid for the same booking (the offer and its seats). */
  supplied: number;
  /** What the airline's cancellation quote refunds. */
  airlineRefund: number;
  /** The brand keeps its markup when a booking is cancelled. */
  markupKeptOnRefund: boolean;
}

export interface RefundBreakdown {
  refund: number;
  /** Kept by the airline under the fare's rules. */
  airlineFee: number;
  /** The brand's service fee (markup) when its policy keeps it. */
  serviceFee: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

export function refundFor({ paid, supplied, airlineRefund, markupKeptOnRefund }: RefundInputs): RefundBreakdown {
  const airlineFee = supplied - clamp(airlineRefund, 0, supplied);
  const serviceFee = markupKeptOnRefund ? Math.max(0, paid - supplied) : 0;
  const refund = clamp(paid - airlineFee - serviceFee, 0, paid);
  return { refund, airlineFee: Math.min(airlineFee, paid), serviceFee: Math.min(serviceFee, paid - refund) };
}

/** How long the refund takes, in the policy's own figures (seed 001 §9). */
export const REFUND_TIMING = `We ask the airline for the refund within ${POLICY.refundInitiatedHours}; it then reaches your card within ${POLICY.refundProcessing}.`;

export { serviceFeePolicy } from './service-fee-policy.js';

const decimal = z.string();

export const keptFeeSchema = z.object({
  kind: z.enum(['airline_fee', 'service_fee']),
  label: z.string(),
  amount: decimal,
  reason: z.string(),
});
export type KeptFee = z.infer<typeof keptFeeSchema>;

export { decimalAmount };

/** What a cancellation keeps, and why, as the quote and the booking show it. */
export function keptFeesOf(breakdown: Pick<RefundBreakdown, 'airlineFee' | 'serviceFee'>, currency: string): KeptFee[] {
  const kept: KeptFee[] = [];
  if (breakdown.airlineFee > 0)
    kept.push({
      kind: 'airline_fee',
      label: 'Airline cancellation fee',
      amount: decimalAmount(breakdown.airlineFee, currency),
      reason: "Kept by the airline under your fare's rules.",
    });
  if (breakdown.serviceFee > 0)
    kept.push({
      kind: 'service_fee',
      label: 'Service fee',
      amount: decimalAmount(breakdown.serviceFee, currency),
      reason: 'Not refundable under our cancellation policy: it paid for arranging the booking.',
    });
  return kept;
}

/** POST /api/bookings/:id/cancellation-quote: what cancelling now would refund, valid until `expiresAt`. */
export const cancellationQuoteSchema = z.object({
  quoteId: z.string(),
  /** Decimal amounts in the booking's currency. */
  paid: decimal,
  refund: decimal,
  currency: z.string(),
  kept: z.array(keptFeeSchema),
  refundTo: z.object({ method: z.literal('card'), cardLast4: z.string().nullable() }),
  timing: z.string(),
  expiresAt: z.string(),
  /**
   * Issue 36: when changes or extras were paid after booking, each card payment (`label`: what it
   * paid for), what it paid and what of it comes back, as a refund of its own; absent otherwise.
   */
  payments: z.array(z.object({ label: z.string(), paid: decimal, refund: decimal })).optional(),
});
export type CancellationQuote = z.infer<typeof cancellationQuoteSchema>;

/** POST /api/bookings/:id/cancel: `{ quoteId }` confirms a quote shown; without it the engine quotes and confirms at once. */
export const cancelRequestSchema = z
  .object({ quoteId: z.string().trim().min(1).max(100).optional() })
  .optional()
  .transform((body) => body ?? {});

export const cancelResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  refund: z.object({ amount: decimal, currency: z.string() }).optional(),
});
export type CancelResponse = z.infer<typeof cancelResponseSchema>;

/** The refund of a cancelled booking as the booking answers show it. */
export const bookingRefundSchema = z.object({
  amount: decimal,
  currency: z.string(),
  /** pending: the airline cancelled, the card refund is under way; issued: the card was refunded. */
  status: z.enum(['pending', 'issued']),
  cardLast4: z.string().nullable(),
  kept: z.array(keptFeeSchema),
  timing: z.string(),
  /** Issue 36: where the refund stands and the date promised (absent on answers from before it). */
  progress: refundProgressSchema.optional(),
});

/** A seat bought for a passenger on a flight (segment), as the booking answers show it. */
export const bookingSeatSchema = z.object({ passenger_id: z.string(), segment_id: z.string(), designator: z.string() });
export type BookingSeat = z.infer<typeof bookingSeatSchema>;
export type BookingRefund = z.infer<typeof bookingRefundSchema>;
