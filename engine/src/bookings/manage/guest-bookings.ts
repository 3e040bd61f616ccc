import type { SignedInUser } from '../../accounts/session.js';
import type { EventContext } from '../../eventstore/metadata.js';
import { HttpError } from '../../http/errors.js';
import { handleBookingCommands, loadBooking } from '../booking-stream.js';
import { emailHash } from '../checkout/contacts.js';
import type { BookingDeps } from '../deps.js';
import { untilListed } from '../read-model/listed.js';
import { presentFromStream, presentLoaded } from '../read-model/present.js';
import type { BookingView } from '../read-model/view.js';

export const GUEST_BOOKING_ADDED = 'The booking was added to My Trips';

/**
 * A guest booking as its email's owner sees it before adding it: the trip, never the travellers'
 * names (the email may be a stranger's typo; the names come with the booking once it is theirs).
 */
export function guestBookingView(view: BookingView) {
  return {
    ...view,
    bookingData: {
      ...view.bookingData,
      passengers: view.bookingData.passengers.map(({ id, type }) => ({ id, type })),
    },
  };
}

/**
 * The owner of an email adds a guest booking made with it to their account, from a signed-in
 * session. Anyone else, or a booking that is not a guest booking of this email, gets "not found".
 * Confirming twice is fine.
 */
export async function confirmGuestBooking(
  deps: BookingDeps,
  bookingId: string,
  user: SignedInUser,
  context: EventContext,
): Promise<BookingView> {
  const notFound = new HttpError(404, 'Booking not found', 'NOT_FOUND');
  const found = await presentFromStream(deps, bookingId);
  if (!found || found.state.booking.brandKey !== user.brandKey || found.state.phase === 'failed') throw notFound;
  const { customerId } = found.state.booking;
  if (customerId === user.id) return found.view;
  if (customerId !== null) throw notFound;
  const { rows } = await deps.sql.query<{ email_hash: string }>(
    'SELECT email_hash FROM booking_contacts WHERE booking_id = $1',
    [bookingId],
  );
  if (rows[0]?.email_hash !== emailHash(user.email)) throw notFound;
  await handleBookingCommands(
    deps.eventStore,
    bookingId,
    { type: 'AttachCustomer', data: { customerId: user.id, at: deps.clock.now().toISOString() } },
    { context: { ...context, actor: user.id }, clock: deps.clock, retriesOnConflict: 5 },
  );
  const added = await loadBooking(deps.eventStore, bookingId);
  await untilListed(deps, bookingId, added);
  return (await presentLoaded(deps, added))!.view;
}
