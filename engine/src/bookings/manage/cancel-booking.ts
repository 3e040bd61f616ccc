import type { EventContext } from '../../eventstore/metadata.js';
import { handleBookingCommands, loadBooking } from '../booking-stream.js';
import type { BookingDeps } from '../deps.js';
import { BookingError } from '../domain/errors.js';
import { BookingRefused } from '../domain/refusals.js';

export interface CancelAnswer {
  status: number;
  body: { success: boolean; message: string };
}

const POLL_MS = 25;

/**
 * POST /api/bookings/:id/cancel for its owner: records the request (only confirmed bookings whose
 * fare allows it, before departure); the saga takes it from the record (the cancel-booking job
 * quotes, confirms and refunds) and this waits for the outcome, bounded.
 */
export async function requestCancellation(
  deps: BookingDeps,
  bookingId: string,
  userId: string,
  context: EventContext,
): Promise<CancelAnswer> {
  const { state } = await loadBooking(deps.eventStore, bookingId);
  if (state.phase === 'none' || state.booking.customerId !== userId)
    throw new BookingError('NOT_FOUND', 'Booking not found');
  try {
    await handleBookingCommands(
      deps.eventStore,
      bookingId,
      { type: 'RequestCancellation', data: { requestedBy: userId, at: deps.clock.now().toISOString() } },
      { context, clock: deps.clock },
    );
  } catch (error) {
    if (error instanceof BookingRefused) return { status: 400, body: { success: false, message: error.message } };
    throw error;
  }
  const deadline = Date.now() + deps.orderWaitMs;
  for (;;) {
    const { state: now } = await loadBooking(deps.eventStore, bookingId);
    if (now.phase === 'cancelled') return { status: 200, body: { success: true, message: 'Booking cancelled' } };
    if (now.phase === 'confirmed') {
      return { status: 409, body: { success: false, message: 'The airline could not cancel this booking' } };
    }
    if (Date.now() >= deadline) {
      return { status: 202, body: { success: true, message: 'Your cancellation is being processed' } };
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
