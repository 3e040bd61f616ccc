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
  /** A card error's failed charge. */
  charge?: string;
  doc_url?: string;
}

/** The address parts Stripe answers, each null when not given. */
export interface Address {
  city: string | null;
  country: string | null;
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  state: string | null;
}

/** Who pays, as Stripe answers it on a PaymentMethod and a charge: nothing the sandbox is told. */
export interface BillingDetails {
  address: Address;
  email: string | null;
  name: string | null;
  phone: string | null;
  tax_id: string | null;
}

export const EMPTY_BILLING_DETAILS: BillingDetails = {
  address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
  email: null,
  name: null,
  phone: null,
  tax_id: null,
};

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  billing_details: BillingDetails;
  customer: null;
  customer_account: null;
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

/** What Stripe answers on every PaymentIntent that the sandbox has no use for: all null. */
export const UNUSED_INTENT_PROPERTIES = {
  application: null,
  application_fee_amount: null,
  automatic_payment_methods: null,
  customer: null,
  customer_account: null,
  excluded_payment_method_types: null,
  managed_payments: null,
  on_behalf_of: null,
  payment_method_configuration_details: null,
  payment_method_options: null,
  payment_record: null,
  processing: null,
  review: null,
  setup_future_usage: null,
  shipping: null,
  source: null,
  transfer_group: null,
} as const;

export interface PaymentIntent extends Partial<Record<keyof typeof UNUSED_INTENT_PROPERTIES, null>> {
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
  /** Kept before these were answered: read with `?? null`. */
  allowed_payment_method_types?: string[] | null;
  receipt_email?: string | null;
  statement_descriptor?: string | null;
  statement_descriptor_suffix?: string | null;
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string | null;
  /** Kept before it was answered: read with `?? null`. */
  payment_method?: string | null;
  /** Its balance transaction (see balance-transactions.ts). */
  balance_transaction: string | null;
  status: 'succeeded';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

/** What Stripe answers on every refund that the sandbox has no use for: all null. */
export const UNUSED_REFUND_PROPERTIES = {
  customer: null,
  customer_account: null,
  receipt_number: null,
  source_transfer_reversal: null,
  transfer_reversal: null,
} as const;

/** A refund as answered: every property Stripe has (kept refunds may predate some). */
export type AnsweredRefund = Refund & typeof UNUSED_REFUND_PROPERTIES & { payment_method: string | null };
export const answeredRefund = (refund: Refund): AnsweredRefund => ({
  ...UNUSED_REFUND_PROPERTIES,
  payment_method: null,
  ...refund,
});
