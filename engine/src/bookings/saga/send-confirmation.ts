import { PermanentJobError, type JobHandler } from '../../jobs/job-queue.js';
import type { BookingDeps } from '../deps.js';
import { confirmationEmail } from '../email/confirmation-email.js';
import { EmailOutbox } from '../../email/outbox.js';
import { presentFromStream } from '../read-model/present.js';

/** The outbox kind of a resent email: "confirmed-resent-<request id>". */
export const resentKind = (kind: string, resendId: string) => `${kind}-resent-${resendId}`;

/**
 * Emails the confirmation or cancellation notice to the first passenger: kept in the outbox once
 * per booking and kind, then sent through SMTP when configured (a retry never sends twice once sent).
 */
export function sendConfirmationHandler(deps: BookingDeps): JobHandler<'send-confirmation'> {
  const outbox = new EmailOutbox(deps.sql);
  return async ({ bookingId, kind, resendId, purchaseId }) => {
    const found = await presentFromStream(deps, bookingId);
    if (!found) throw new PermanentJobError(`No booking ${bookingId}`);
    const { booking } = found.state;
    // The first passenger as the view opened it: the row lists the passengers in the booking's order.
    const to = found.passengers[0]?.pii?.email;
    if (!to) return; // Erased before the mail went out: nobody to write to.
    const brand = await deps.brands.find(booking.brandKey);
    const email = confirmationEmail(found.view, brand?.name ?? 'Contrail', kind, purchaseId);
    // A resend is its own message (kept once per request), beside the first one; so is each purchase's.
    const kept = resendId ? resentKind(kind, resendId) : purchaseId ? `${kind}-${purchaseId}` : kind;
    const message = await outbox.keep({ bookingId, brandKey: booking.brandKey, kind: kept, to, ...email });
    if (deps.mailer.transport === 'smtp' && !message.sentAt) {
      await deps.mailer.send({ to, subject: message.subject, html: message.html, text: message.text });
      await outbox.markSent(message.id, deps.clock.now());
    }
  };
}
