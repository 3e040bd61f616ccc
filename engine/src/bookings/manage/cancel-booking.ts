import { cancelRequestSchema, decimalAmount, type CancelResponse } from '@contrail/shared/booking/refund';
import type { EventContext } from '../../eventstore/metadata.js';
import { parseInput } from '../../http/errors.js';
import { handleBookingCommands, loadBooking } from '../booking-stream.js';
import type { BookingDeps } from '../deps.js';
import { Refusal } from '../domain/refusals.js';
import { untilListed } from '../read-model/listed.js';
import { ownBooking, quoteCancellation } from './cancellation-quote.js';
import { sleep } from '@contrail/shared/time/sleep';

export interface CancelAnswer {
  status: number;
  body: CancelResponse;
}

const POLL_MS = 25;

/**
 * POST /api/bookings/:id/cancel for its owner: records the request (only confirmed bookings whose
 * fare allows it, before departure) with the quote the traveller accepted (`quoteId`; without one,
 * a quote is made and accepted at once); the saga takes it from the record (the cancel-booking job
 * confirms the quote and refunds it) and this waits for the outcome, bounded, and for My Trips to show it.
 */
export async function requestCancellation(
  deps: BookingDeps,
  bookingId: string,
  userId: string,
  body: unknown,
  context: EventContext,
): Promise<CancelAnswer> {
  const request = parseInput(cancelRequestSchema, body);
  await ownBooking(deps, bookingId, userId);
  try {
    const quoteId = request.quoteId ?? (await quoteCancellation(deps, bookingId, userId, context)).quoteId;
    await handleBookingCommands(
      deps.eventStore,
      bookingId,
      { type: 'RequestCancellation', data: { requestedBy: userId, quoteId, at: deps.clock.now().toISOString() } },
      { context, clock: deps.clock },
    );
  } catch (error) {
    if (error instanceof Refusal) {
      const status = error.code === 'NO_QUOTE' || error.code === 'QUOTE_EXPIRED' ? 409 : 400;
      return { status, body: { success: false, message: error.message } };
    }
    throw error;
  }
  const deadline = Date.now() + deps.orderWaitMs;
  for (;;) {
    const loaded = await loadBooking(deps.eventStore, bookingId);
    const now = loaded.state;
    if (now.phase === 'cancelled') {
      await untilListed(deps, bookingId, loaded);
      const { refunded, amount } = now.payment;
      const refund = { amount: decimalAmount(refunded, amount.currency), currency: amount.currency };
      return { status: 200, body: { success: true, message: 'Booking cancelled', refund } };
    }
    if (now.phase === 'confirmed') {
      return { status: 409, body: { success: false, message: 'The airline could not cancel this booking' } };
    }
    if (Date.now() >= deadline) {
      return { status: 202, body: { success: true, message: 'Your cancellation is being processed' } };
    }
    await sleep(POLL_MS);
  }
}
