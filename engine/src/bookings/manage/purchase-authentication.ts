import { purchaseAuthenticationSchema, type PurchaseAnswer } from '@contrail/shared/booking/after-sale';
import type { EventContext } from '../../eventstore/metadata.js';
import { HttpError, parseInput } from '../../http/errors.js';
import type { CardAnswer } from '../../payments/card-answer.js';
import { cardCheckFailed, paymentBackFromBank, unauthorizedAnswer } from '../checkout/card-authentication.js';
import type { BookingDeps } from '../deps.js';
import { PAYMENT_NO_LONGER_VALID_MESSAGE } from '../domain/card-payment.js';
import { voidOnce } from '../saga/payment-steps.js';
import { giveUpAbandoned, ownConfirmed, payOpenPurchase } from './purchases.js';

export interface PurchaseAuthenticationCall {
  bookingId: string;
  purchaseId: string;
  userId: string;
  body: unknown;
  context: EventContext;
}

type Answer = CardAnswer | { status: number; body: PurchaseAnswer };

const notFound = () => new HttpError(404, 'Purchase not found', 'NOT_FOUND');

/**
 * POST /api/bookings/:id/purchases/:purchaseId/authentication (issue 36): the traveller is back from
 * their bank's 3-D Secure check on a change or extras. As at checkout and Pay Now, the processor's
 * status decides, never the browser: authorized, it is recorded and the purchase resumes (confirmed
 * at the airline, captured once); failed, the card failure; unfinished, nothing is recorded. An
 * authorization for a purchase no longer open (given up, or settled another way) is voided.
 */
export async function finishPurchaseAuthentication(
  deps: BookingDeps,
  call: PurchaseAuthenticationCall,
): Promise<Answer> {
  const { paymentId } = parseInput(purchaseAuthenticationSchema, call.body);
  const state = await giveUpAbandoned(deps, await ownConfirmed(deps, call.bookingId, call.userId), call.context);
  const read = await paymentBackFromBank(deps, paymentId, notFound);
  if ('answer' in read) return read.answer;
  const { payment } = read;
  const { booking_id: bookingId, purchase_id: purchaseId } = payment.metadata;
  if (bookingId !== call.bookingId || purchaseId !== call.purchaseId) throw notFound();
  const open = state.purchase?.purchaseId === purchaseId ? state.purchase : null;
  // A second return once recorded: the purchase resumes where it is (or is already settled).
  if (open && open.paymentId === paymentId)
    return payOpenPurchase(deps, state, open, { context: call.context, card: undefined });
  if (state.purchases?.some((done) => done.purchaseId === purchaseId && done.paymentId === paymentId))
    return { status: 200, body: { success: true, message: 'This purchase is already paid for' } };
  if (payment.status === 'authorized') {
    if (!open || open.status !== 'requested') {
      await voidOnce(deps.payments, paymentId, `purchase-${purchaseId}-late-${paymentId}`);
      return cardCheckFailed(PAYMENT_NO_LONGER_VALID_MESSAGE);
    }
    const authenticated = { paymentId, cardLast4: payment.cardLast4 ?? '' };
    return payOpenPurchase(deps, state, open, { context: call.context, card: undefined, authenticated });
  }
  return unauthorizedAnswer(payment);
}
