import { EmailOutbox } from '../../email/outbox.js';
import { PermanentJobError, type JobHandler } from '../../jobs/job-queue.js';
import type { BookingDeps } from '../deps.js';
import { presentFromStream } from '../read-model/present.js';
import { scheduleChangeEmail } from './change-email.js';
import { bookingStreamName, parseBookingEvent, type BookingEventOf } from '../domain/events.js';

async function detectedChange(
  deps: BookingDeps,
  bookingId: string,
  changeId: string,
): Promise<BookingEventOf<'ScheduleChangeDetected'> | undefined> {
  for (const recorded of await deps.eventStore.readStream(bookingStreamName(bookingId))) {
    if (recorded.type !== 'ScheduleChangeDetected') continue;
    const event = parseBookingEvent(recorded);
    if (event.type === 'ScheduleChangeDetected' && event.data.changeId === changeId) return event;
  }
  return undefined;
}

/**
 * Emails the first passenger that the airline changed their flights: kept in the outbox once per
 * change (kind `schedule-change-<change id>`), then sent through SMTP when configured.
 */
export function notifyScheduleChangeHandler(deps: BookingDeps): JobHandler<'notify-schedule-change'> {
  const outbox = new EmailOutbox(deps.sql);
  return async ({ bookingId, changeId }) => {
    const found = await presentFromStream(deps, bookingId);
    if (!found) throw new PermanentJobError(`No booking ${bookingId}`);
    const detected = await detectedChange(deps, bookingId, changeId);
    if (!detected) throw new PermanentJobError(`No change ${changeId}`);
    const traveller = found.passengers[0]?.pii;
    const to = traveller?.email;
    if (!to) return; // Erased before the mail went out: nobody to write to.
    const { booking } = found.state;
    const brand = await deps.brands.find(booking.brandKey);
    const email = scheduleChangeEmail({
      reference: found.view.reference ?? found.view.id,
      travellerName: `${traveller.firstName} ${traveller.lastName}`,
      before: detected.data.before,
      after: detected.data.after,
      brandName: brand?.name ?? 'Contrail',
    });
    const message = await outbox.keep({
      bookingId,
      brandKey: booking.brandKey,
      kind: `schedule-change-${changeId}`,
      to,
      ...email,
    });
    if (deps.mailer.transport === 'smtp' && !message.sentAt) {
      await deps.mailer.send({ to, subject: message.subject, html: message.html, text: message.text });
      await outbox.markSent(message.id, deps.clock.now());
    }
  };
}
