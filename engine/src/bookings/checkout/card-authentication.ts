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

const failed = (message: string): CardAnswer => ({
  status: 402,
  body: { success: false, error: PAYMENT_FAILED, message },
});

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
  let payment: Payment;
  try {
    payment = await deps.payments.retrieve(paymentId);
  } catch (error) {
    if (error instanceof PaymentGatewayError && error.kind === 'not_found') throw notFound();
    return cardErrorAnswer(error);
  }
  const { offer_id: offerId, brand } = payment.metadata;
  if (!offerId || brand !== call.brandKey) throw notFound();
  const claims = new PaymentClaims(deps.eventStore, deps.clock);
  if (payment.status === 'voided') return failed(PAYMENT_NO_LONGER_VALID_MESSAGE);
  const recorded = (await claims.read(paymentId)).status !== 'none';
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
  if (payment.failure) return failed(AUTHENTICATION_FAILED_MESSAGE);
  return { status: 409, body: { success: false, error: PAYMENT_ERROR, message: AUTHENTICATION_UNFINISHED_MESSAGE } };
}

const notFound = () => new HttpError(404, 'No payment with this id waits for authentication here', 'NOT_FOUND');
