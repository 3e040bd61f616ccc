import { z } from 'zod';

/**
 * Every background queue, its payload and its retry policy, in one place. To add a queue, add
 * an entry here; both adapters (BullMQ and in-process) and the workers process pick it up.
 * Payloads carry ids, never personal data or secrets: handlers read the rest from the event store.
 */
export interface QueueDefinition {
  payload: z.ZodType;
  /** Total tries, the first included. */
  attempts: number;
  /** Exponential backoff: the first retry waits about this long, each next one twice as long (with jitter). */
  backoffMs: number;
}

const bookingId = z.string().min(1).max(100);
const paymentId = z.string().min(1).max(255);
/** Ties the events a job writes to the request that enqueued it. */
const correlationId = z.string().min(1).max(100).optional();

export const queueDefinitions = {
  /**
   * Saga step: create the order at the provider, then capture and confirm, or void and record why.
   * `round`: a round of slow retries after the provider stopped answering (one try, then the next round).
   */
  'create-order': {
    payload: z.object({ bookingId, correlationId, round: z.number().int().min(1).optional() }),
    attempts: 8,
    backoffMs: 2_000,
  },
  /**
   * Re-verify a booking's offer (price and availability) with the provider. No longer queued by the
   * saga (the periodic recheck-offers sweeps checkouts): kept to run what earlier versions queued.
   */
  'recheck-offer': { payload: z.object({ bookingId, correlationId }), attempts: 5, backoffMs: 1_000 },
  /** Periodic: re-verify the offers of every checkout in progress (feeds verify-offer's cache). */
  'recheck-offers': { payload: z.object({}), attempts: 1, backoffMs: 1_000 },
  /** Quote and confirm the provider cancellation, refund, record every step. */
  'cancel-booking': {
    payload: z.object({
      bookingId,
      correlationId,
      requestedBy: z.string().min(1).max(200),
      reason: z.string().max(500).optional(),
    }),
    attempts: 8,
    backoffMs: 2_000,
  },
  /** Periodic: mark bookings whose trips are over as completed. */
  'complete-trips': { payload: z.object({}), attempts: 3, backoffMs: 30_000 },
  /** Release a card hold that can no longer serve a booking: a failed booking's, or one released unused. */
  'void-payment': {
    payload: z.object({ bookingId: bookingId.optional(), paymentId: paymentId.optional(), correlationId }),
    attempts: 10,
    backoffMs: 2_000,
  },
  /**
   * Void an authorization no booking took, at its offer's expiry (plus a grace period). No longer
   * queued by the saga (the periodic expire-payments sweeps them): kept to run what earlier versions queued.
   */
  'expire-payment': { payload: z.object({ paymentId, correlationId }), attempts: 10, backoffMs: 5_000 },
  /** Periodic: release and void every authorization no booking took whose offer has expired (plus the grace). */
  'expire-payments': { payload: z.object({}), attempts: 1, backoffMs: 1_000 },
  /** Periodic: compare the event store with the payment and flight providers; repair what is safe. */
  reconcile: { payload: z.object({}), attempts: 1, backoffMs: 60_000 },
  /**
   * Email the booking confirmation (or cancellation notice) to the traveller. `resendId`: support
   * asked for it again (issue #31): one more email per resend request.
   */
  'send-confirmation': {
    payload: z.object({
      bookingId,
      correlationId,
      kind: z.enum(['confirmed', 'cancelled', 'updated']).default('confirmed'),
      resendId: z.uuid().optional(),
      /** On `updated`: the change or bags bought after booking (issue 36) the email tells of. */
      purchaseId: z.string().max(100).optional(),
    }),
    attempts: 10,
    backoffMs: 5_000,
  },
  /**
   * A change or extras bought after booking whose airline answer was lost and whose lookup failed
   * (issue 36): look it up again, then capture or void. 8 tries over about 10 minutes; then the reconciler.
   */
  'finish-purchase': {
    payload: z.object({ bookingId, correlationId, purchaseId: z.string().min(1).max(100) }),
    attempts: 8,
    backoffMs: 5_000,
  },
  /**
   * A bank check (3-D Secure) asked for on a purchase after booking, at the end of its window
   * (BANK_CHECK_WINDOW_MINUTES): gives it up if the traveller never came back, and voids its payment.
   */
  'expire-bank-check': {
    payload: z.object({
      bookingId,
      correlationId,
      purchaseId: z.string().min(1).max(100),
      paymentId,
    }),
    attempts: 10,
    backoffMs: 5_000,
  },
  /** Email the traveller that the airline changed their flights (issue #36), once per change. */
  'notify-schedule-change': {
    payload: z.object({ bookingId, correlationId, changeId: z.string().min(1).max(100) }),
    attempts: 10,
    backoffMs: 5_000,
  },
  /** Periodic: re-check the tracked searches that are due, within each brand's budget, and email the drops (issue 34). */
  'check-tracked-prices': { payload: z.object({}), attempts: 1, backoffMs: 1_000 },
  /** Periodic: send the webhook deliveries that are due (webhooks/deliver-job.ts; each has its own retries). */
  'deliver-webhooks': { payload: z.object({}), attempts: 1, backoffMs: 1_000 },
  /** Periodic: email the staff alerts that are due (webhooks/email-alert-job.ts; each is retried by its lease). */
  'send-email-alerts': { payload: z.object({}), attempts: 1, backoffMs: 1_000 },
  /** Hold now, pay later (issue 36): ask the airline to hold a checkout's fare (a lookup first: an earlier try may have). */
  'hold-order': { payload: z.object({ bookingId, correlationId }), attempts: 8, backoffMs: 2_000 },
  /** Pay a held trip: the airline (Duffel's air/payments), then capture the card, or record why not and void it. */
  'pay-hold': { payload: z.object({ bookingId, correlationId }), attempts: 8, backoffMs: 2_000 },
  /** At a held trip's reminder time (`reminder`) or its deadline (none): record the reminder, or the expiry. */
  'hold-deadline': {
    payload: z.object({ bookingId, correlationId, reminder: z.enum(['24h', '2h']).optional() }),
    attempts: 10,
    backoffMs: 5_000,
  },
  /** Email the traveller about a held trip: held, reminded (24 h, 2 h before its deadline), expired; once per kind. */
  'hold-email': {
    payload: z.object({
      bookingId,
      correlationId,
      kind: z.enum(['held', 'hold-reminder-24h', 'hold-reminder-2h', 'hold-expired']),
    }),
    attempts: 10,
    backoffMs: 5_000,
  },
} satisfies Record<string, QueueDefinition>;

export type QueueDefinitions = typeof queueDefinitions;
export type QueueName = keyof QueueDefinitions;
/** What a handler receives (defaults applied). */
export type JobPayload<Q extends QueueName> = z.output<QueueDefinitions[Q]['payload']>;
/** What `enqueue` accepts (defaults optional). */
export type JobInput<Q extends QueueName> = z.input<QueueDefinitions[Q]['payload']>;

/** The same queues with every retry delay replaced: tests use it to retry in milliseconds. */
export function withBackoff(definitions: QueueDefinitions, backoffMs: number, attempts?: number): QueueDefinitions {
  return Object.fromEntries(
    Object.entries(definitions).map(([name, definition]) => [
      name,
      { ...definition, backoffMs, attempts: attempts ?? definition.attempts },
    ]),
  ) as QueueDefinitions;
}
