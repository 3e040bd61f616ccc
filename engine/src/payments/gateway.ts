import type { Money } from '@contrail/shared/booking/money';

/**
 * The payment port: manual-capture card authorizations, capture, void and refund, each call
 * carrying an idempotency key so that a retried job never charges twice. Amounts are in minor
 * units. Card numbers pass through to the processor and are never returned: only the last four.
 */
export interface CardInput {
  number: string;
  expiryMonth: string | number;
  /** Two or four digits. */
  expiryYear: string | number;
  cvv: string;
  holderName?: string;
}

export type PaymentStatus =
  | 'authorized'
  | 'captured'
  | 'voided'
  /** Needs a step we do not offer (3-D Secure), or has no usable payment method. */
  | 'incomplete'
  | 'processing';

export interface Payment {
  paymentId: string;
  amount: Money;
  /** What may still be captured (0 once captured or voided). */
  capturable: number;
  /** What was captured. */
  received: number;
  status: PaymentStatus;
  cardLast4: string | null;
  metadata: Record<string, string>;
  /** When the processor created it (ISO 8601). */
  createdAt: string;
  /** Why its last attempt failed (a decline, a failed 3-D Secure authentication), while it has no usable payment method. */
  failure?: { code: string; message: string } | null;
}

export interface AuthorizeRequest {
  amount: Money;
  card: CardInput;
  idempotencyKey: string;
  description?: string;
  /** Free text kept with the payment (offer id, brand, booking id, ...). Never card data. */
  metadata?: Record<string, string>;
  /**
   * Where the card's bank sends the traveller back after a 3-D Secure challenge. Without it a card
   * that needs one is declined (and the attempt released).
   */
  returnUrl?: string;
}

export type AuthorizeResult =
  | { outcome: 'authorized'; payment: Payment }
  | {
      outcome: 'declined';
      /** Stripe's code (card_declined, expired_card, incorrect_cvc, processing_error, incorrect_number, ...). */
      code: string;
      declineCode: string | null;
      /** A message fit for the traveller, e.g. "Your card has insufficient funds." */
      message: string;
      /** The failed payment, when the processor created one. */
      paymentId: string | null;
      cardLast4: string;
    }
  | {
      /** The bank asks the traveller to authenticate (3-D Secure) at `redirectUrl` first; nothing is held yet. */
      outcome: 'requires_action';
      paymentId: string;
      redirectUrl: string;
      cardLast4: string;
    };

export interface Refund {
  refundId: string;
  paymentId: string;
  amount: Money;
  status: 'succeeded' | 'pending' | 'failed';
  /** Free text kept with the refund (the booking and the refund's key), as sent. */
  metadata: Record<string, string>;
}

export interface PaymentGateway {
  /** Which processor answers: the built-in sandbox or Stripe itself. */
  readonly mode: 'sandbox' | 'stripe';
  authorize(request: AuthorizeRequest): Promise<AuthorizeResult>;
  retrieve(paymentId: string): Promise<Payment>;
  /** Every payment created since then, newest first: what the processor holds, recorded here or not. */
  listSince(createdAfter: string): Promise<Payment[]>;
  /** Captures the whole authorization, or `amount` of it. */
  capture(paymentId: string, options: { idempotencyKey: string; amount?: number }): Promise<Payment>;
  /** Releases an uncaptured authorization. */
  void(
    paymentId: string,
    options: { idempotencyKey: string; reason?: 'duplicate' | 'fraudulent' | 'requested_by_customer' | 'abandoned' },
  ): Promise<Payment>;
  /**
   * The processor's fee on a captured payment's charge or on a refund (its balance transaction),
   * or null while the processor has none to show yet.
   */
  cardFee(source: { paymentId: string } | { refundId: string }): Promise<Money | null>;
  /** Refunds a captured payment, whole or `amount` of it; `metadata` is kept with the refund. */
  refund(
    paymentId: string,
    options: {
      idempotencyKey: string;
      amount?: number;
      reason?: 'duplicate' | 'fraudulent' | 'requested_by_customer';
      metadata?: Record<string, string>;
    },
  ): Promise<Refund>;
  /** Every refund of a payment, newest first: what the processor holds, recorded here or not. */
  refundsOf(paymentId: string): Promise<Refund[]>;
}

export type PaymentErrorKind =
  | 'not_found'
  /** The payment is not in a state that allows this (capture after void, void after capture, ...). */
  | 'invalid_state'
  /** The idempotency key was used before with other parameters. */
  | 'idempotency'
  | 'invalid_request'
  | 'authentication'
  | 'unavailable';

export const PAYMENT_ERROR_MESSAGES = {
  unknown: 'Unknown payment error',
  withStatus: (status: number) => `Payment failed with status ${status}`,
} as const;

/** A failure other than a card decline: a bug, a misuse or the processor being unavailable. */
export class PaymentGatewayError extends Error {
  constructor(
    readonly kind: PaymentErrorKind,
    message: string,
    readonly status: number | null,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'PaymentGatewayError';
  }
}
