import { z } from 'zod';

/**
 * What the reconciler found comparing the event store with the payment and flight providers
 * (GET/POST /api/admin/reconciliation, `contrail reconcile`, the admin support page).
 */
export const reconciliationFindingSchema = z.object({
  /** What is wrong, e.g. "capture-without-booking", "hold-of-failed-booking". */
  kind: z.string(),
  bookingId: z.string().nullable(),
  paymentId: z.string().nullable(),
  orderId: z.string().nullable(),
  /** What was seen, in a sentence. */
  detail: z.string(),
});
export type ReconciliationFinding = z.infer<typeof reconciliationFindingSchema>;

export const reconciliationRepairSchema = reconciliationFindingSchema.extend({
  /** What was done, recorded as an event with this reason. */
  action: z.string(),
});
export type ReconciliationRepair = z.infer<typeof reconciliationRepairSchema>;

export const reconciliationReportSchema = z.object({
  checkedAt: z.string(),
  /** Bookings and authorizations made since then were compared. */
  since: z.string(),
  /** False for a check that only looked (`--dry-run`): the repairs listed were not made. */
  repaired: z.boolean(),
  counts: z.object({
    bookings: z.object({
      confirmed: z.number(),
      failed: z.number(),
      pending: z.number(),
      cancelled: z.number(),
      completed: z.number(),
    }),
    authorizations: z.number(),
    orders: z.number(),
    captures: z.number(),
    voids: z.number(),
    /** Card payments of changes and extras bought after booking (issue 36), apart from the bookings' own. */
    purchasePayments: z.object({ captured: z.number(), voided: z.number(), authorized: z.number() }).optional(),
  }),
  repairs: z.array(reconciliationRepairSchema),
  /** Mismatches that need a person: nothing safe could be done automatically. */
  mismatches: z.array(reconciliationFindingSchema),
  /** Things that could not be checked now (a provider did not answer); the next run tries again. */
  unchecked: z.array(reconciliationFindingSchema),
});
export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;

/** `GET /api/admin/reconciliation`: the last report, null before the first run. */
export const lastReconciliationSchema = z.object({ report: reconciliationReportSchema.nullable() });
export type LastReconciliation = z.infer<typeof lastReconciliationSchema>;

/** `POST /api/admin/reconciliation`: the report of the run just made. */
export const reconciliationRunSchema = z.object({ report: reconciliationReportSchema });
export type ReconciliationRun = z.infer<typeof reconciliationRunSchema>;
