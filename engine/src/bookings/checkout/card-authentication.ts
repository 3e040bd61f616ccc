import { paymentIdSchema } from '@contrail/shared/booking/contracts';
import { PAYMENT_ERROR, PAYMENT_FAILED } from '@contrail/shared/booking/refusal-codes';
import { cardAnswer, cardErrorAnswer, type CardAnswer } from '../../payments/card-answer.js';
import { PaymentGatewayError, type Payment } from '../../payments/gateway.js';
import type { EventContext } from '../../eventstore/metadata.js';
import { HttpError, parseInput } from '../../http/errors.js';
import type { BookingDeps } from '../deps.js';
import { PAYMENT_NO_LONGER_VALID_MESSAGE } from '../domain/card-payment.js';
import { PaymentClaims } from './payment-claims.js';

export const AUTHENTICATION_FAILED_MESSAGE = 'Your bank could not authenticate this payment.';
export const AUTHENTICATION_UNFINISHED_MESSAGE =
  'Your bank has not confirmed this payment yet. Please complete the check your bank asked for, or pay again.';

/** The card failure of a bank's check (402 PAYMENT_FAILED), with its message. */
export const cardCheckFailed = (message: string): CardAnswer => ({
  status: 402,
  body: { success: false, error: PAYMENT_FAILED, message },
});

/**
 * The payment as the processor has it when the traveller is back from their bank (never the
 * browser's word): an unknown id is `notFound`'s error, a processor that cannot answer is the card
 * answer of that error.
 */
export async function paymentBackFromBank(
  deps: Pick<BookingDeps, 'payments'>,
  paymentId: string,
  notFound: () => Error,
): Promise<{ payment: Payment } | { answer: CardAnswer }> {
  try {
    return { payment: await deps.payments.retrieve(paymentId) };
  } catch (error) {
    if (error instanceof PaymentGatewayError && error.kind === 'not_found') throw notFound();
    return { answer: cardErrorAnswer(error) };
  }
}

/** How a payment the bank's check left unauthorized answers: released, failed, or not finished yet. */
export function unauthorizedAnswer(payment: Payment): CardAnswer {
  if (payment.status === 'voided') return cardCheckFailed(PAYMENT_NO_LONGER_VALID_MESSAGE);
  if (payment.failure) return cardCheckFailed(AUTHENTICATION_FAILED_MESSAGE);
  return { status: 409, body: { success: false, error: PAYMENT_ERROR, message: AUTHENTICATION_UNFINISHED_MESSAGE } };
}

/**
 * POST /api/payments/:paymentId/authentication: the traveller is back from their bank's 3-D
 * Secure challenge. The processor's own status of the payment says how it went (never what the
 * browser says): authorized, it is recorded as process-card records one (once, however often the
 * return arrives; the booking then goes on as after any card) and answered as process-card
 * answers; failed, the card failure. Nothing is recorded otherwise: a challenge left unfinished
 * holds nothing, and the reconciler cancels it once its offer is gone.
 */
export async function finishCardAuthentication(
  deps: BookingDeps,
  call: { paymentId: unknown; brandKey: string; context: EventContext },
): Promise<CardAnswer> {
  const paymentId = parseInput(paymentIdSchema, call.paymentId);
  const read = await paymentBackFromBank(deps, paymentId, notFound);
  if ('answer' in read) return read.answer;
  const { payment } = read;
  const { offer_id: offerId, brand } = payment.metadata;
  if (!offerId || brand !== call.brandKey) throw notFound();
  const claims = new PaymentClaims(deps.eventStore, deps.clock);
  const recorded = payment.status !== 'voided' && (await claims.read(paymentId)).status !== 'none';
  // Recorded already (a second return, or the booking already holds it): the same answer again.
  if (recorded || payment.status === 'authorized') {
    const authorization = {
      paymentId,
      offerId,
      brandKey: brand,
      amount: payment.amount,
      cardLast4: payment.cardLast4 ?? '',
      offerExpiresAt: null,
      at: deps.clock.now().toISOString(),
    };
    await claims.recordAuthorization(authorization, call.context);
    return cardAnswer({ outcome: 'authorized', payment });
  }
  return unauthorizedAnswer(payment);
}

const notFound = () => new HttpError(404, 'No payment with this id waits for authentication here', 'NOT_FOUND');
