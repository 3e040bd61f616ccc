import { z } from 'zod';

/**
 * The answers of the engine's support and operations routes, read by the admin pages and the CLI.
 * A reader drops fields it does not know (zod's default), so an engine may add fields, never take
 * them away. The history state keeps unknown fields: the support timeline shows them all.
 */

const money = z.object({ amount: z.number(), currency: z.string() });

/** A booking's state after one event of its history (personal data sealed unless revealed). */
export const historyStateSchema = z.looseObject({
  phase: z.string(),
  status: z.string(),
  customerId: z.string().nullable(),
  price: money.nullable(),
  offerExpired: z.boolean(),
  passengers: z.array(z.object({ passengerId: z.string(), type: z.string(), pii: z.unknown() })),
  erasedPassengerIds: z.array(z.string()),
  seats: z.array(z.unknown()),
  /** Bags bought (issue 35); absent from engines before them. */
  bags: z.array(z.object({ kind: z.string(), quantity: z.number() })).default([]),
  payment: z
    .object({
      paymentId: z.string(),
      amount: money,
      cardLast4: z.string(),
      status: z.string(),
      /** Refunded so far, in minor units. */
      refunded: z.number(),
    })
    .nullable(),
  order: z.object({ orderId: z.string(), bookingReference: z.string(), cancelled: z.boolean() }).nullable(),
  failure: z.string().nullable(),
});
export type HistoryState = z.infer<typeof historyStateSchema>;

/** One event of `GET /api/admin/bookings/:id/history`, with the booking's state after it. */
export const historyEntrySchema = z.object({
  revision: z.string(),
  type: z.string(),
  at: z.string(),
  actor: z.string(),
  correlationId: z.string(),
  data: z.unknown(),
  stateAfter: historyStateSchema,
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const bookingHistorySchema = z.object({
  bookingId: z.string(),
  revealed: z.boolean(),
  events: z.array(historyEntrySchema),
});
export type BookingHistory = z.infer<typeof bookingHistorySchema>;

/** One booking email as `GET /api/admin/outbox` lists it. */
export const outboxMessageSchema = z.object({
  id: z.string(),
  /** Null for an email to an account about no booking (someone tried to register with its address). */
  bookingId: z.string().nullable(),
  brandKey: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** `GET /api/admin/outbox`: the mail transport in use and the messages, newest first. */
export const outboxAnswerSchema = z.object({ transport: z.string(), messages: z.array(outboxMessageSchema) });
export type OutboxAnswer = z.infer<typeof outboxAnswerSchema>;

/** `POST /api/admin/bookings/:id/erase-passengers`: how many data keys were destroyed. */
export const passengerErasureSchema = z.object({ success: z.boolean(), erasedKeys: z.number() });
export type PassengerErasure = z.infer<typeof passengerErasureSchema>;

/** `POST /api/admin/accounts/erase`: the account is gone, and the personal data of its bookings. */
export const accountErasureSchema = passengerErasureSchema.extend({ erasedBookings: z.number() });
export type AccountErasure = z.infer<typeof accountErasureSchema>;

/** One read model as `GET /api/admin/projections` shows it. */
export const projectionViewSchema = z.object({
  name: z.string(),
  state: z.enum(['caught up', 'behind', 'rebuilding', 'failing']),
  /** "commit/prepare" of the last applied event; null before the first. */
  checkpoint: z.string().nullable(),
  head: z.string().nullable(),
  /** Events in the store after the checkpoint, counted up to a limit; `lagCapped` says there are more. */
  lag: z.number(),
  lagCapped: z.boolean(),
  lastError: z.string().nullable(),
  /** The last rebuild started on the answering engine instance. */
  rebuild: z.object({ startedAt: z.string(), finishedAt: z.string().nullable(), progress: z.number() }).nullable(),
});
export type ProjectionView = z.infer<typeof projectionViewSchema>;
export type ProjectionState = ProjectionView['state'];

/** `GET /api/admin/projections`: every read model. */
export const projectionListSchema = z.object({ projections: z.array(projectionViewSchema) });
export type ProjectionList = z.infer<typeof projectionListSchema>;
