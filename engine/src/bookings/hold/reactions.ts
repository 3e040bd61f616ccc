import { HOLD_REMINDER_NAMES, reminderDueAt } from '@contrail/shared/booking/hold';
import type { BookingEvent } from '../domain/events.js';
import type { JobInput, QueueName } from '../../jobs/queues.js';

/** A job asked for (the saga's Reaction, saga/reactions.ts): its id makes asking twice harmless. */
type Reaction = {
  [Q in QueueName]: { queue: Q; payload: JobInput<Q>; jobId: string; runAt?: string };
}[QueueName];

/**
 * The jobs a hold event calls for (issue 36), each with an id that makes asking twice harmless:
 * the hold order, its emails, its reminders and its deadline, the airline payment.
 */
export function holdReactions(event: BookingEvent, base: { bookingId: string; correlationId: string }): Reaction[] {
  const { bookingId } = base;
  const email = (kind: 'held' | 'hold-reminder-24h' | 'hold-reminder-2h' | 'hold-expired'): Reaction => ({
    queue: 'hold-email',
    payload: { ...base, kind },
    jobId: `hold-email-${bookingId}-${kind}`,
  });
  switch (event.type) {
    case 'HoldRequested':
      return [{ queue: 'hold-order', payload: base, jobId: `hold-order-${bookingId}` }];
    case 'OrderHeld': {
      const { paymentRequiredBy } = event.data;
      return [
        email('held'),
        ...HOLD_REMINDER_NAMES.map((reminder): Reaction => ({
          queue: 'hold-deadline',
          payload: { ...base, reminder },
          jobId: `hold-reminder-${bookingId}-${reminder}`,
          runAt: reminderDueAt(reminder, paymentRequiredBy),
        })),
        { queue: 'hold-deadline', payload: base, jobId: `hold-expiry-${bookingId}`, runAt: paymentRequiredBy },
      ];
    }
    case 'HoldPaymentAuthorized':
      return [{ queue: 'pay-hold', payload: base, jobId: `pay-hold-${bookingId}-${event.data.paymentId}` }];
    case 'HoldReminderSent':
      return [email(`hold-reminder-${event.data.reminder}`)];
    case 'HoldExpired':
      return [email('hold-expired')];
    default:
      return [];
  }
}
