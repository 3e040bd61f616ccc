import { payHoldAuthenticationSchema, type HoldAnswer } from '@contrail/shared/booking/hold';
import type { EventContext } from '../../eventstore/metadata.js';
import { HttpError, parseInput } from '../../http/errors.js';
import type { CardAnswer } from '../../payments/card-answer.js';
import { loadBooking } from '../booking-stream.js';
import { paymentBackFromBank, unauthorizedAnswer } from '../checkout/card-authentication.js';
import type { BookingDeps } from '../deps.js';
import { Refusal } from '../domain/refusals.js';
import { paying, recordHoldAuthorization } from './pay-hold-request.js';

export interface HoldAuthenticationCall {
  bookingId: string;
  userId: string;
  body: unknown;
  context: EventContext;
}

const notFound = () => new HttpError(404, 'Booking not found', 'NOT_FOUND');

/**
 * POST /api/bookings/:id/pay/authentication (issue 36): the traveller is back from their bank's
 * 3-D Secure check on Pay Now. As at checkout (checkout/card-authentication.ts) the processor's
 * status of the payment says how it went, never the browser: authorized, it is recorded as Pay
 * Now records a card (once, however often the return arrives) and the saga pays the airline,
 * then captures; failed, the card failure; unfinished, nothing is recorded.
 */
export async function finishHoldAuthentication(
  deps: BookingDeps,
  call: HoldAuthenticationCall,
): Promise<CardAnswer | { status: number; body: HoldAnswer }> {
  const { paymentId } = parseInput(payHoldAuthenticationSchema, call.body);
  const { state } = await loadBooking(deps.eventStore, call.bookingId);
  if (state.phase === 'none' || state.booking.customerId !== call.userId) throw notFound();
  // A second return after the payment was recorded: the same answer again.
  if (state.payment?.paymentId === paymentId) return paying(call.bookingId);
  if (state.phase === 'expired') throw new Refusal('HOLD_EXPIRED', 'The hold ran out: the airline released the seats');
  if (state.phase !== 'held') throw new Refusal('NOT_HELD', 'This trip is not held for payment');
  const read = await paymentBackFromBank(deps, paymentId, notFound);
  if ('answer' in read) return read.answer;
  const { payment } = read;
  if (payment.metadata.booking_id !== call.bookingId) throw notFound();
  if (payment.status === 'authorized')
    return recordHoldAuthorization(deps, call, state, { paymentId, cardLast4: payment.cardLast4 ?? '' });
  return unauthorizedAnswer(payment);
}
