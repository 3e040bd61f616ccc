import { EmailOutbox } from '../../email/outbox.js';
import { PermanentJobError, type JobHandler } from '../../jobs/job-queue.js';
import type { BookingDeps } from '../deps.js';
import { holdEmail } from '../email/hold-email.js';
import { presentFromStream } from '../read-model/present.js';

/** Emails the first traveller about a held trip, kept once per booking and kind (a retry never sends twice once sent). */
export function holdEmailHandler(deps: BookingDeps): JobHandler<'hold-email'> {
  const outbox = new EmailOutbox(deps.sql);
  return async ({ bookingId, kind }) => {
    const found = await presentFromStream(deps, bookingId);
    if (!found) throw new PermanentJobError(`No booking ${bookingId}`);
    const to = found.passengers[0]?.pii?.email;
    if (!to) return;
    const { brandKey } = found.state.booking;
    const brand = await deps.brands.find(brandKey);
    const email = holdEmail(found.view, brand?.name ?? 'Contrail', kind);
    const message = await outbox.keep({ bookingId, brandKey, kind, to, ...email });
    if (deps.mailer.transport === 'smtp' && !message.sentAt) {
      await deps.mailer.send({ to, subject: message.subject, html: message.html, text: message.text });
      await outbox.markSent(message.id, deps.clock.now());
    }
  };
}
