import type { ProcessCardResponse } from '@contrail/shared/booking/contracts';
import { AUTHENTICATION_REQUIRED, PAYMENT_ERROR, PAYMENT_FAILED } from '@contrail/shared/booking/refusal-codes';
import { PAYMENT_ERROR_MESSAGES, PaymentGatewayError, type AuthorizeResult } from './gateway.js';

/**
 * How `POST /api/payments/process-card` answers an authorization: `{ success, paymentId }`, or
 * a refusal whose `error` says PAYMENT_FAILED (the storefront then shows its card-failure toast
 * and clears the card fields, seed 001 §8) with the processor's message for the traveller.
 */
const BANK_CHECK_REQUIRED_MESSAGE = 'Your bank asks you to confirm this payment.';

export interface CardAnswer {
  status: number;
  body: ProcessCardResponse;
}

export function cardAnswer(result: AuthorizeResult): CardAnswer {
  if (result.outcome === 'authorized')
    return { status: 200, body: { success: true, paymentId: result.payment.paymentId } };
  if (result.outcome === 'requires_action') {
    return {
      status: 202,
      body: {
        success: false,
        error: AUTHENTICATION_REQUIRED,
        message: BANK_CHECK_REQUIRED_MESSAGE,
        paymentId: result.paymentId,
        redirectUrl: result.redirectUrl,
      },
    };
  }
  return { status: 402, body: { success: false, error: PAYMENT_FAILED, message: result.message } };
}

/** A failure that is not the card's: the processor is unavailable or refused the request. */
export function cardErrorAnswer(error: unknown): CardAnswer {
  if (error instanceof PaymentGatewayError && error.kind !== 'unavailable') {
    return { status: 400, body: { success: false, error: PAYMENT_ERROR, message: error.message } };
  }
  const message = error instanceof PaymentGatewayError ? error.message : PAYMENT_ERROR_MESSAGES.unknown;
  return { status: 502, body: { success: false, error: PAYMENT_ERROR, message } };
}
