import { z } from 'zod';

/**
 * Issue 36: a refund tracked to the traveller, derived from the booking's recorded events:
 * `requested` once the traveller asked to cancel (CancellationRequested), `with_airline` once the
 * airline cancelled the order and credited its refund to the agency (OrderCancelled: the
 * airline paid), `paid` once the traveller's card was refunded (RefundIssued). We promise the
 * traveller their money within REFUND_PAYOUT_DAYS of the airline paying (the commitment of
 * online agencies to the European consumer authorities); support sees every refund past it.
 */
export const REFUND_PAYOUT_DAYS = 7;
const DAY_MS = 86_400_000;

export const REFUND_STAGES = ['requested', 'with_airline', 'paid'] as const;
export type RefundStage = (typeof REFUND_STAGES)[number];

export const REFUND_STAGE_LABELS: Record<RefundStage, string> = {
  requested: 'Requested',
  with_airline: 'With the airline',
  paid: 'Paid',
};

export const refundProgressSchema = z.object({
  stage: z.enum(REFUND_STAGES),
  requestedAt: z.string().nullable(),
  /** When the airline paid its refund (it cancelled the order). */
  airlinePaidAt: z.string().nullable(),
  /** When the traveller's card was refunded. */
  paidAt: z.string().nullable(),
  /** The date we promised the refund by: REFUND_PAYOUT_DAYS after the airline paid (null before). */
  promisedBy: z.string().nullable(),
});
export type RefundProgress = z.infer<typeof refundProgressSchema>;

/** The instants the refund's events were recorded at (null: not yet). */
export interface RefundMilestones {
  requestedAt: string | null;
  airlinePaidAt: string | null;
  paidAt: string | null;
}

export function refundProgressOf({ requestedAt, airlinePaidAt, paidAt }: RefundMilestones): RefundProgress {
  const stage: RefundStage = paidAt ? 'paid' : airlinePaidAt ? 'with_airline' : 'requested';
  const promisedBy = airlinePaidAt
    ? new Date(Date.parse(airlinePaidAt) + REFUND_PAYOUT_DAYS * DAY_MS).toISOString()
    : null;
  return { stage, requestedAt, airlinePaidAt, paidAt, promisedBy };
}

/** The airline paid more than REFUND_PAYOUT_DAYS ago and the traveller has not been paid yet. */
export function isRefundOverdue(progress: RefundProgress, now: Date): boolean {
  return (
    progress.stage === 'with_airline' && progress.promisedBy !== null && Date.parse(progress.promisedBy) < now.getTime()
  );
}

/** One overdue refund as support sees it (GET /api/admin/refunds/overdue): no personal data. */
export const overdueRefundSchema = z.object({
  bookingId: z.string(),
  reference: z.string().nullable(),
  brandKey: z.string(),
  amount: z.string(),
  currency: z.string(),
  airlinePaidAt: z.string(),
  promisedBy: z.string(),
  /** Whole days since the airline paid. */
  daysSinceAirlinePaid: z.number().int(),
});
export type OverdueRefund = z.infer<typeof overdueRefundSchema>;
export const overdueRefundsSchema = z.object({ refunds: z.array(overdueRefundSchema) });

/** Whole days past the date promised to the traveller (REFUND_PAYOUT_DAYS after the airline paid). */
export const daysOverdue = (refund: Pick<OverdueRefund, 'daysSinceAirlinePaid'>): number =>
  Math.max(0, refund.daysSinceAirlinePaid - REFUND_PAYOUT_DAYS);
