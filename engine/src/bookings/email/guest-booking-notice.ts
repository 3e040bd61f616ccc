import type { Clock } from '../../clock.js';
import type { Mailer } from '../../email/mailer.js';
import type { SqlExecutor } from '../../storage/sql.js';
import { plainEmail, type Email } from '../../email/plain-email.js';
import { EmailOutbox } from '../../email/outbox.js';

export const GUEST_BOOKING_SUBJECT = 'A booking was made with your email address';

/**
 * To an account's owner when someone, signed out, booked with the account's email: the booking is
 * kept apart (a guest booking) until the owner confirms it from a signed-in session.
 */
export function guestBookingNotice(reference: string, brandName: string): Email {
  const lines = [
    'Hello,',
    '',
    `A booking (reference ${reference}) was made on ${brandName} with your email address by someone who was not signed in.`,
    'It is kept as a guest booking and is not part of your account.',
    '',
    'If you made it: sign in, open My Trips and choose "Add to My Trips" to keep it with your other trips.',
    'If you did not: you do not need to do anything. Nobody can see your account or your trips through this booking.',
    '',
    brandName,
  ];
  return plainEmail(GUEST_BOOKING_SUBJECT, lines);
}

/** Keeps the notice in the outbox once per booking, and sends it when SMTP is configured. */
export async function tellOwnerOfGuestBooking(
  deps: { sql: SqlExecutor; mailer: Mailer; clock: Clock },
  notice: { bookingId: string; brandKey: string; brandName: string; reference: string; to: string },
): Promise<void> {
  const outbox = new EmailOutbox(deps.sql);
  const email = guestBookingNotice(notice.reference, notice.brandName);
  const message = await outbox.keep({
    bookingId: notice.bookingId,
    brandKey: notice.brandKey,
    kind: 'guest-booking',
    to: notice.to,
    ...email,
  });
  if (deps.mailer.transport === 'smtp' && !message.sentAt) {
    await deps.mailer.send({ to: notice.to, subject: message.subject, html: message.html, text: message.text });
    await outbox.markSent(message.id, deps.clock.now());
  }
}
