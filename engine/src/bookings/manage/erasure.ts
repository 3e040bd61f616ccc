import type { User } from '../../accounts/users.js';
import { UserStore } from '../../accounts/users.js';
import { SavedTravellerStore } from '../../saved-travellers/store.js';
import { PriceTrackingStore } from '../../price-tracking/store.js';
import type { EventContext } from '../../eventstore/metadata.js';
import { handleBookingCommands } from '../booking-stream.js';
import { emailHash, forgetContact } from '../checkout/contacts.js';
import type { BookingDeps } from '../deps.js';
import { openPassengers } from '../pii/passengers.js';
import { presentFromStream } from '../read-model/present.js';

/** What an erased message or field reads as. */
export const ERASED_TEXT = '[erased]';

export interface BookingErasure {
  bookingId: string;
  /** Data keys destroyed: the travellers' sealed data in the events can no longer be read. */
  erasedKeys: number;
}

/**
 * Right to erasure for one booking: every place Contrail keeps its travellers' personal data.
 * Events keep only sealed data, so destroying the booking's data keys erases them without
 * rewriting history; the emails written to the travellers and the messages they sent are wiped;
 * the contact hash (reference + email lookup) goes. The stored answer of the booking request
 * never held personal data (see checkout/booking-answer.ts). Safe to run again.
 */
export async function eraseBooking(
  deps: BookingDeps,
  bookingId: string,
  context: EventContext,
): Promise<BookingErasure | undefined> {
  const found = await presentFromStream(deps, bookingId);
  if (!found) return undefined;
  const { booking } = found.state;
  // Read before the keys die: the travellers' own addresses find the messages they sent.
  const travellers = await openPassengers(deps.vault, found.state.passengers);
  const emails = travellers.flatMap(({ pii }) => (pii?.email ? [pii.email.trim().toLowerCase()] : []));
  if (found.state.passengers.length > 0) {
    await handleBookingCommands(
      deps.eventStore,
      bookingId,
      { type: 'ErasePassengerData', data: { at: deps.clock.now().toISOString() } },
      { context, clock: deps.clock, retriesOnConflict: 5 },
    );
  }
  const erasedKeys = await deps.vault.erase(bookingId);
  await forgetContact(deps.sql, bookingId);
  await deps.sql.query('UPDATE email_outbox SET to_address = $2, html = $2, text_body = $2 WHERE booking_id = $1', [
    bookingId,
    ERASED_TEXT,
  ]);
  // A reference as the traveller typed it (any case, spaces) names the booking all the same.
  const reference = found.view.reference;
  await deps.sql.query(
    `DELETE FROM support_requests WHERE brand_key = $1
       AND (lower(email) = ANY($2::text[])
         OR ($3::text IS NOT NULL AND upper(regexp_replace(booking_reference, '\\s', '', 'g')) = $3))`,
    [booking.brandKey, emails, reference ?? null],
  );
  await new PriceTrackingStore(deps.sql).eraseContacts(booking.brandKey, emails);
  return { bookingId, erasedKeys };
}

export interface AccountErasure {
  userId: string;
  bookings: BookingErasure[];
}

/**
 * Right to erasure for an account: each of its bookings (those it owns and those made with its
 * email as a guest) as above, every message it sent or was sent, the travellers it saved (rows
 * and data keys), then the account itself.
 * `beforeEach` runs before each booking is erased (the desk records the reason there).
 */
export async function eraseAccount(
  deps: BookingDeps,
  user: User,
  context: EventContext,
  beforeEach: (bookingId: string) => Promise<void> = async () => {},
): Promise<AccountErasure> {
  const { rows } = await deps.sql.query<{ booking_id: string }>(
    `SELECT booking_id FROM booking_views WHERE customer_id = $1
     UNION SELECT booking_id FROM booking_contacts WHERE brand_key = $2 AND email_hash = $3`,
    [user.id, user.brandKey, emailHash(user.email)],
  );
  const bookings: BookingErasure[] = [];
  for (const { booking_id: bookingId } of rows) {
    await beforeEach(bookingId);
    const erased = await eraseBooking(deps, bookingId, context);
    if (erased) bookings.push(erased);
  }
  await deps.sql.query(
    `UPDATE email_outbox SET to_address = $3, html = $3, text_body = $3
     WHERE brand_key = $1 AND lower(to_address) = lower($2)`,
    [user.brandKey, user.email, ERASED_TEXT],
  );
  await deps.sql.query(
    'DELETE FROM support_requests WHERE user_id = $1 OR (brand_key = $2 AND lower(email) = lower($3))',
    [user.id, user.brandKey, user.email],
  );
  await new SavedTravellerStore(deps.sql, deps.vault).eraseAll(user.id);
  await new PriceTrackingStore(deps.sql).eraseContacts(user.brandKey, [user.email], user.id);
  await new UserStore(deps.sql).erase(user.id);
  return { userId: user.id, bookings };
}
