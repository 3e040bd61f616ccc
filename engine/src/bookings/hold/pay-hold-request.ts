import { cardProblem } from '@contrail/shared/booking/card';
import { HOLD_PRICE_CHANGED_MESSAGE, payHoldRequestSchema, type HoldAnswer } from '@contrail/shared/booking/hold';
import { decimalAmount, sameMoney } from '@contrail/shared/booking/money';
import type { EventContext } from '../../eventstore/metadata.js';
import { HttpError, parseInput } from '../../http/errors.js';
import { cardAnswer, cardErrorAnswer, type CardAnswer } from '../../payments/card-answer.js';
import { handleBookingCommands, loadBooking } from '../booking-stream.js';
import { givenAmount } from '../checkout/price-check.js';
import type { BookingDeps } from '../deps.js';
import { Refusal } from '../domain/refusals.js';
import type { Held } from '../domain/state.js';
import { voidOnce } from '../saga/payment-steps.js';
import { sagaStep } from '../saga/steps.js';

export interface PayHoldCall {
  bookingId: string;
  userId: string;
  body: unknown;
  context: EventContext;
  /** This site's origin as the traveller reached it: where the bank's 3-D Secure check sends them back to. */
  origin: string;
}

export const PAYING_MESSAGE = 'Paying the airline for your trip. This page updates once it is confirmed.';

/**
 * `POST /api/bookings/:id/pay` (issue 36): the traveller pays their held trip at the price shown.
 * A stale price is refused with the new one (PRICE_CHANGED); otherwise the card is authorized
 * for exactly the held price and that recorded, and the saga pays the airline, then captures
 * (hold/pay-hold.ts). Answers 202 while that runs, or the card's own refusal.
 */
export async function payHold(
  deps: BookingDeps,
  call: PayHoldCall,
): Promise<CardAnswer | { status: number; body: HoldAnswer }> {
  const loaded = await loadBooking(deps.eventStore, call.bookingId);
  const { state } = loaded;
  if (state.phase === 'none' || state.booking.customerId !== call.userId)
    throw new HttpError(404, 'Booking not found', 'NOT_FOUND');
  const request = parseInput(payHoldRequestSchema, call.body);
  const problem = cardProblem(request.cardDetails);
  if (problem)
    throw new Refusal('INVALID_CARD', problem.message, {
      title: problem.title,
      errors: [{ path: 'cardDetails', message: problem.message }],
    });
  if (state.phase === 'expired') throw new Refusal('HOLD_EXPIRED', 'The hold ran out: the airline released the seats');
  if (state.phase !== 'held') throw new Refusal('NOT_HELD', 'This trip is not held for payment');
  if (state.payment?.status === 'authorized') return paying(call.bookingId);
  checkShownPrice(state, givenAmount(request.amount, request.currency));
  if (deps.clock.now().getTime() >= Date.parse(state.hold.paymentRequiredBy))
    throw new Refusal('HOLD_EXPIRED', 'The hold has run out: the airline released the seats');
  let result;
  try {
    result = await deps.payments.authorize({
      amount: state.hold.price,
      card: request.cardDetails,
      // One authorization per state of the hold: a repeat of the same payment finds the same one.
      idempotencyKey: `hold-${call.bookingId}-${loaded.revision}`,
      description: `Held trip ${call.bookingId}`,
      metadata: { booking_id: call.bookingId, order_id: state.hold.orderId },
      ...(request.returnPath && { returnUrl: `${call.origin}${request.returnPath}` }),
    });
  } catch (error) {
    deps.logger.warn({ err: error, bookingId: call.bookingId }, 'card authorization for a held trip failed');
    return cardErrorAnswer(error);
  }
  // The bank's check, when the caller can bring the traveller back (finish-hold-authentication.ts).
  if (result.outcome === 'requires_action' && request.returnPath) return cardAnswer(result);
  if (result.outcome === 'requires_action') {
    // Without a way back nothing is held for a challenge it cannot finish.
    return {
      status: 402,
      body: {
        success: false,
        error: 'PAYMENT_FAILED',
        message: 'This card asks for a bank check that Pay Now cannot do: please use another card.',
      },
    };
  }
  if (result.outcome !== 'authorized') return cardAnswer(result);
  sagaStep('hold-card-authorized');
  const cardLast4 = result.payment.cardLast4 ?? request.cardDetails.number.slice(-4);
  return recordHoldAuthorization(deps, call, state, { paymentId: result.payment.paymentId, cardLast4 });
}

/** The card holds the held price: recorded, the saga pays the airline and captures (hold/pay-hold.ts). */
export async function recordHoldAuthorization(
  deps: BookingDeps,
  call: Pick<PayHoldCall, 'bookingId' | 'context'>,
  state: Held,
  { paymentId, cardLast4 }: { paymentId: string; cardLast4: string },
): Promise<{ status: number; body: HoldAnswer }> {
  try {
    await handleBookingCommands(
      deps.eventStore,
      call.bookingId,
      {
        type: 'RecordHoldPaymentAuthorization',
        data: { paymentId, amount: state.hold.price, cardLast4, at: deps.clock.now().toISOString() },
      },
      { context: call.context, clock: deps.clock },
    );
  } catch (error) {
    // The trip changed meanwhile (paid by another request, expired): this authorization serves nothing.
    await voidOnce(deps.payments, paymentId, `hold-${paymentId}`).catch(() => undefined);
    throw error;
  }
  return paying(call.bookingId);
}

function checkShownPrice(state: Held, shown: ReturnType<typeof givenAmount>): void {
  if (sameMoney(shown, state.hold.price)) return;
  const { amount, currency } = state.hold.price;
  throw new Refusal('PRICE_CHANGED', HOLD_PRICE_CHANGED_MESSAGE, {
    newPrice: { amount: decimalAmount(amount, currency), currency },
  });
}

export const paying = (id: string) => ({ status: 202, body: { id, status: 'paying', message: PAYING_MESSAGE } });
