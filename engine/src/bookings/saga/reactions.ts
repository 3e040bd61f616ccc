import { BANK_CHECK_WINDOW_MINUTES } from '@contrail/shared/booking/after-sale';
import type { RecordedEvent } from '../../eventstore/eventstore.js';
import type { JobInput, QueueName } from '../../jobs/queues.js';
import { PAYMENT_STREAM_PREFIX, parseCardPaymentEvent } from '../domain/card-payment.js';
import { BOOKING_STREAM_PREFIX, parseBookingEvent } from '../domain/events.js';
import { DESK_STREAM_PREFIX, parseDeskEvent } from '../../support-desk/decider.js';
import { holdReactions } from '../hold/reactions.js';

/** A job the saga asks for: its id makes asking twice (a redelivered event, a second engine) harmless. */
export type Reaction = {
  [Q in QueueName]: { queue: Q; payload: JobInput<Q>; jobId: string; runAt?: string };
}[QueueName];

/** An unused authorization is voided this long after its offer expired (a booking may still be finishing). */
export const UNUSED_HOLD_GRACE_MS = 2 * 60_000;

/**
 * The next steps of the saga, derived from what was recorded (DESIGN §4, "no dual writes"): a
 * request or a job appends events and stops there; the saga processor turns each event into the
 * jobs it calls for, so a crash between "append" and "enqueue" only delays a step.
 * A checkout whose offer runs out while its order still waits needs no job of its own: the
 * periodic sweep (recheck-offers, every minute, saga/recheck-offer.ts) rechecks every checkout in
 * progress, fails it and voids its hold; a delayed job per booking cost every booking a queue
 * entry and a run half an hour later, for the few whose order is still waiting then. An authorization
 * no booking took is voided the same way, by the expire-payments sweep (saga/holds.ts), not by a
 * delayed job per payment.
 */
export function reactionsTo(recorded: RecordedEvent): Reaction[] {
  const correlationId = recorded.metadata.correlationId.slice(0, 100);
  if (recorded.streamName.startsWith(BOOKING_STREAM_PREFIX)) {
    const bookingId = recorded.streamName.slice(BOOKING_STREAM_PREFIX.length);
    const base = { bookingId, correlationId };
    const event = parseBookingEvent(recorded);
    switch (event.type) {
      case 'PaymentAuthorized':
        return [{ queue: 'create-order', payload: base, jobId: `create-order-${bookingId}` }];
      case 'OrderCreated':
        // Found by a repair after the order job gave up: capture and confirm it.
        return event.data.repair
          ? [{ queue: 'create-order', payload: base, jobId: `create-order-${bookingId}-found` }]
          : [];
      case 'OrderDelayed': {
        // The next round of slow retries, one job per round; none once the offer has expired.
        const { round, retryAt } = event.data;
        return retryAt
          ? [
              {
                queue: 'create-order',
                payload: { ...base, round },
                jobId: `create-order-${bookingId}-round-${round}`,
                runAt: retryAt,
              },
            ]
          : [];
      }
      case 'OfferExpired':
      case 'OrderFailed':
        return [{ queue: 'void-payment', payload: base, jobId: `void-${bookingId}` }];
      case 'BookingConfirmed':
        return [
          { queue: 'send-confirmation', payload: { ...base, kind: 'confirmed' }, jobId: `confirmation-${bookingId}` },
        ];
      case 'PurchaseConfirmed': {
        const { purchaseId } = event.data;
        return [
          {
            queue: 'send-confirmation',
            payload: { ...base, kind: 'updated', purchaseId },
            jobId: `updated-${bookingId}-${purchaseId}`,
          },
        ];
      }
      case 'PurchaseOutcomeUnknown': {
        const { purchaseId } = event.data;
        return [
          {
            queue: 'finish-purchase',
            payload: { ...base, purchaseId },
            jobId: `finish-purchase-${bookingId}-${purchaseId}`,
          },
        ];
      }
      case 'PurchaseAuthenticationRequested': {
        // Its window's end: the check is given up then unless the traveller came back (expire-bank-check.ts).
        const { purchaseId, paymentId, at } = event.data;
        return [
          {
            queue: 'expire-bank-check',
            payload: { ...base, purchaseId, paymentId },
            jobId: `expire-bank-check-${bookingId}-${paymentId}`,
            runAt: new Date(Date.parse(at) + BANK_CHECK_WINDOW_MINUTES * 60_000).toISOString(),
          },
        ];
      }
      case 'CancellationRequested':
        return [
          {
            queue: 'cancel-booking',
            payload: { ...base, requestedBy: event.data.requestedBy ?? recorded.metadata.actor },
            jobId: `cancel-${bookingId}-${recorded.revision}`,
          },
        ];
      case 'BookingCancelled':
        return [
          {
            queue: 'send-confirmation',
            payload: { ...base, kind: 'cancelled' },
            jobId: `cancellation-notice-${bookingId}`,
          },
        ];
      case 'ScheduleChangeDetected': {
        const { changeId } = event.data;
        return [
          { queue: 'notify-schedule-change', payload: { ...base, changeId }, jobId: `schedule-change-${changeId}` },
        ];
      }
      default:
        return holdReactions(event, base);
    }
  }
  if (recorded.streamName.startsWith(DESK_STREAM_PREFIX) && recorded.type === 'ConfirmationResendRequested') {
    const bookingId = recorded.streamName.slice(DESK_STREAM_PREFIX.length);
    const event = parseDeskEvent(recorded);
    if (event.type !== 'ConfirmationResendRequested') return [];
    const { requestId } = event.data;
    return [
      {
        queue: 'send-confirmation',
        payload: { bookingId, correlationId, kind: 'confirmed', resendId: requestId },
        jobId: `confirmation-${bookingId}-resent-${requestId}`,
      },
    ];
  }
  if (recorded.streamName.startsWith(PAYMENT_STREAM_PREFIX)) {
    const event = parseCardPaymentEvent(recorded);
    const { paymentId } = event.data;
    if (event.type === 'CardPaymentReleased')
      return [{ queue: 'void-payment', payload: { paymentId, correlationId }, jobId: `void-${paymentId}` }];
  }
  return [];
}
