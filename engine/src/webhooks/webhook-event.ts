import type { WebhookBody, WebhookEventType } from '@contrail/shared/webhooks/webhooks';
import { BOOKING_STREAM_PREFIX, parseBookingEvent, type BookingEvent } from '../bookings/domain/events.js';
import type { RecordedEvent } from '../eventstore/eventstore.js';

/** The reason of a repair the reconciler wrote (a mismatch it found and fixed), not a saga's own lookup. */
function reconcilerRepair(event: BookingEvent): string | undefined {
  const repair = 'repair' in event.data ? event.data.repair : undefined;
  return repair?.includes('reconciler') ? repair : undefined;
}

/** Which webhook event a booking event is, if any. */
function typeOf(event: BookingEvent): WebhookEventType | undefined {
  if (reconcilerRepair(event)) return 'reconciliation.mismatch';
  switch (event.type) {
    case 'BookingConfirmed':
      return 'booking.confirmed';
    case 'OrderFailed':
      return 'booking.failed';
    case 'BookingCancelled':
      return 'booking.cancelled';
    case 'RefundIssued':
      return 'refund.issued';
    case 'ScheduleChangeDetected':
      return 'schedule_change.detected';
    default:
      return undefined;
  }
}

/** What the receiver learns: ids and amounts, never personal data. */
function dataOf(bookingId: string, event: BookingEvent): WebhookBody['data'] {
  const data: WebhookBody['data'] = { bookingId, event: event.type };
  if (event.type === 'BookingConfirmed') data.bookingReference = event.data.bookingReference;
  if (event.type === 'RefundIssued') {
    data.amount = event.data.amount.amount;
    data.currency = event.data.amount.currency;
  }
  if (event.type === 'ScheduleChangeDetected') data.changeId = event.data.changeId;
  const repair = reconcilerRepair(event);
  if (repair) data.repair = repair;
  return data;
}

/** The webhook an event of the store calls for (the body every delivery of it sends), or undefined. */
export function webhookEventOf(recorded: RecordedEvent): WebhookBody | undefined {
  if (!recorded.streamName.startsWith(BOOKING_STREAM_PREFIX)) return undefined;
  const event = parseBookingEvent(recorded);
  const type = typeOf(event);
  if (!type) return undefined;
  const bookingId = recorded.streamName.slice(BOOKING_STREAM_PREFIX.length);
  return {
    id: recorded.metadata.eventId,
    type,
    createdAt: recorded.metadata.timestamp,
    brand: recorded.metadata.brand,
    data: dataOf(bookingId, event),
  };
}
