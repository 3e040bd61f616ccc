import { chargeIdOf } from './balance-transactions.js';
import type { PaymentIntent, StripeErrorBody } from './objects.js';

/**
 * 3-D Secure in the sandbox: a card that needs it leaves its PaymentIntent `requires_action`, with
 * a `redirect_to_url` to a test page standing in for the bank's challenge (challenge-page.ts), as
 * Stripe's own test mode does. Completing it moves the intent on as a confirmation would have;
 * failing it leaves the intent without a payment method, with Stripe's authentication failure.
 */
export const CHALLENGE_PATH = '/sandbox/stripe/authenticate';

export const AUTHENTICATION_FAILURE_MESSAGE =
  'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.';

export type ChallengeOutcome = 'complete' | 'fail';

/** Where the challenge for this intent is served: `origin` is the sandbox's as its caller reached it. */
export function challengeUrl(origin: string, intent: Pick<PaymentIntent, 'id' | 'client_secret'>): string {
  const url = new URL(`${CHALLENGE_PATH}/${intent.id}`, origin);
  url.searchParams.set('client_secret', intent.client_secret);
  return url.toString();
}

/** The intent once its challenge ended; an intent no longer waiting for one is left as it is. */
export function authenticated(intent: PaymentIntent, outcome: ChallengeOutcome): PaymentIntent {
  if (intent.status !== 'requires_action') return intent;
  if (outcome === 'fail') {
    const error: StripeErrorBody = {
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
      message: AUTHENTICATION_FAILURE_MESSAGE,
      doc_url: 'https://stripe.com/docs/error-codes/payment-intent-authentication-failure',
    };
    return { ...intent, status: 'requires_payment_method', next_action: null, last_payment_error: error };
  }
  const manual = intent.capture_method === 'manual';
  return {
    ...intent,
    status: manual ? 'requires_capture' : 'succeeded',
    next_action: null,
    amount_capturable: manual ? intent.amount : 0,
    amount_received: manual ? 0 : intent.amount,
    latest_charge: chargeIdOf(intent.id),
  };
}

/** Where the customer goes back to, with the two parameters Stripe adds to a `return_url`. */
export function returnUrlOf(intent: PaymentIntent, returnUrl: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set('payment_intent', intent.id);
  url.searchParams.set('payment_intent_client_secret', intent.client_secret);
  return url.toString();
}
