import { cancelRequestSchema, decimalAmount, type CancelResponse } from '@contrail/shared/booking/refund';
import type { EventContext } from '../../eventstore/metadata.js';
import { parseInput } from '../../http/errors.js';
import { handleBookingCommands, loadBooking } from '../booking-stream.js';
import type { BookingDeps } from '../deps.js';
import type { StaffActing } from '../domain/events.js';
import { Refusal } from '../domain/refusals.js';
import { capturedPayments } from '../domain/refund-plan.js';
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
  return cancelAndWait(deps, bookingId, { requestedBy: userId, quoteId: request.quoteId ?? null }, context, () =>
    quoteCancellation(deps, bookingId, userId, context),
  );
}

/**
 * Records the cancellation of a booking already found, confirming `quoteId` (or the quote `quote`
 * makes when none is given), then waits for the outcome as above. `staff`: support confirming it
 * for the traveller (issue #31), kept on the event with the reason.
 */
export async function cancelAndWait(
  deps: BookingDeps,
  bookingId: string,
  request: { requestedBy: string; quoteId: string | null; staff?: StaffActing },
  context: EventContext,
  quote?: () => Promise<{ quoteId: string }>,
): Promise<CancelAnswer> {
  try {
    const quoteId = request.quoteId ?? (quote ? (await quote()).quoteId : null);
    await handleBookingCommands(
      deps.eventStore,
      bookingId,
      {
        type: 'RequestCancellation',
        data: {
          requestedBy: request.requestedBy,
          quoteId,
          ...(request.staff && { staff: request.staff }),
          at: deps.clock.now().toISOString(),
        },
      },
      { context, clock: deps.clock },
    );
  } catch (error) {
    if (error instanceof Refusal) {
      const status = error.code === 'NO_QUOTE' || error.code === 'QUOTE_EXPIRED' ? 409 : 400;
      return { status, body: { success: false, message: error.message } };
    }
    throw error;
  }
  return untilCancelled(deps, bookingId);
}

export async function untilCancelled(deps: BookingDeps, bookingId: string): Promise<CancelAnswer> {
  const deadline = Date.now() + deps.orderWaitMs;
  for (;;) {
    const loaded = await loadBooking(deps.eventStore, bookingId);
    const now = loaded.state;
    if (now.phase === 'cancelled') {
      await untilListed(deps, bookingId, loaded);
      const refunded = capturedPayments(now).reduce((sum, paid) => sum + paid.refunded, 0);
      const { currency } = now.payment.amount;
      const refund = { amount: decimalAmount(refunded, currency), currency };
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
