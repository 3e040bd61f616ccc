/** The Stripe objects the sandbox keeps and answers, in Stripe's wire shape (snake_case). */

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface StripeErrorBody {
  type: 'card_error' | 'invalid_request_error' | 'idempotency_error' | 'api_error' | 'authentication_error';
  code?: string;
  decline_code?: string;
  param?: string;
  message: string;
  payment_intent?: PaymentIntent;
  payment_method?: PaymentMethod;
  doc_url?: string;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number; funding: 'credit'; country: string };
  created: number;
  livemode: false;
  metadata: Record<string, string>;
}

/**
 * What the customer must do: with a `return_url`, open the bank's challenge page (the sandbox's
 * stand-in, see authentication.ts) and come back; without one, Stripe.js's own flow.
 */
export type NextAction =
  | { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string } }
  | { type: 'use_stripe_sdk'; use_stripe_sdk: Record<string, string> };

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  status: PaymentIntentStatus;
  capture_method: 'automatic' | 'automatic_async' | 'manual';
  confirmation_method: 'automatic' | 'manual';
  payment_method: string | null;
  payment_method_types: string[];
  latest_charge: string | null;
  last_payment_error: StripeErrorBody | null;
  next_action: NextAction | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string | null;
  /** Its balance transaction (see balance-transactions.ts). */
  balance_transaction: string | null;
  status: 'succeeded';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}
