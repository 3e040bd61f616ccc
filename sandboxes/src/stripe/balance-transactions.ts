import { noSuch } from './errors.js';
import { EMPTY_BILLING_DETAILS, type BillingDetails, type PaymentIntent, type Refund } from './objects.js';
import type { StripeSandboxStore } from './store.js';

/**
 * Charges and balance transactions, as Stripe answers them: every captured charge and every refund
 * has a balance transaction carrying the processing fee. The sandbox's fee rule (Stripe's US card
 * price): 2.9% of the captured amount, rounded to the nearest minor unit, plus 30 minor units, in
 * the charge's currency. A refund's balance transaction has no fee and gives none back (Stripe keeps
 * the fee of a refunded charge). Nothing is stored: the ids carry the object they belong to.
 */
export const CARD_FEE_PERCENT_TENTHS = 29;
export const CARD_FEE_FIXED = 30;

/** The processing fee on a captured amount in minor units (2.9% + 30). */
export function cardFeeOf(amount: number): number {
  return Math.round((amount * CARD_FEE_PERCENT_TENTHS) / 1000) + CARD_FEE_FIXED;
}

const bodyOf = (id: string) => id.slice(id.indexOf('_') + 1);

/** A PaymentIntent's one charge: `ch_` and the intent's own id, so either finds the other. */
export const chargeIdOf = (intentId: string) => `ch_${bodyOf(intentId)}`;
/** The PaymentIntent a charge id belongs to (whether it has that charge is the intent's to say). */
export const intentIdOf = (chargeId: string) => `pi_${bodyOf(chargeId)}`;

export interface BalanceTransaction {
  id: string;
  object: 'balance_transaction';
  amount: number;
  currency: string;
  fee: number;
  fee_details: { amount: number; currency: string; type: 'stripe_fee'; description: string; application: null }[];
  net: number;
  source: string;
  status: 'available';
  type: 'charge' | 'refund';
  /** Which balance it moves: the payments balance, for charges and refunds alike. */
  balance_type: 'payments';
  /** Stripe's reporting category: the same as the type for charges and refunds. */
  reporting_category: 'charge' | 'refund';
  description: string | null;
  exchange_rate: null;
  created: number;
  /** When the funds are available: at once in the sandbox (`status` is `available`). */
  available_on: number;
}

/** What Stripe answers on every charge that the sandbox has no use for: all null. */
export const UNUSED_CHARGE_PROPERTIES = {
  application: null,
  application_fee: null,
  application_fee_amount: null,
  calculated_statement_descriptor: null,
  customer: null,
  failure_balance_transaction: null,
  fraud_details: null,
  on_behalf_of: null,
  outcome: null,
  payment_method_details: null,
  receipt_email: null,
  receipt_number: null,
  receipt_url: null,
  review: null,
  shipping: null,
  source: null,
  source_transfer: null,
  statement_descriptor: null,
  statement_descriptor_suffix: null,
  transfer_data: null,
  transfer_group: null,
} as const;

export interface Charge extends Record<keyof typeof UNUSED_CHARGE_PROPERTIES, null> {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  balance_transaction: string | BalanceTransaction | null;
  billing_details: BillingDetails;
  captured: boolean;
  currency: string;
  description: string | null;
  disputed: false;
  /** A declined charge's card error (`failed`, not paid). */
  failure_code: string | null;
  failure_message: string | null;
  livemode: false;
  metadata: Record<string, string>;
  paid: boolean;
  payment_intent: string;
  payment_method: string | null;
  refunded: boolean;
  status: 'succeeded' | 'failed';
  created: number;
}

function transaction(
  source: string,
  type: BalanceTransaction['type'],
  amount: number,
  currency: string,
  created: number,
) {
  const fee = type === 'charge' ? cardFeeOf(amount) : 0;
  const details = fee
    ? [{ amount: fee, currency, type: 'stripe_fee' as const, description: 'Stripe processing fees', application: null }]
    : [];
  const signed = type === 'charge' ? amount : -amount;
  const made: BalanceTransaction = {
    id: `txn_${bodyOf(source)}`,
    object: 'balance_transaction',
    amount: signed,
    currency,
    fee,
    fee_details: details,
    net: signed - fee,
    source,
    status: 'available',
    type,
    balance_type: 'payments',
    reporting_category: type,
    description: type === 'charge' ? 'Payment' : 'REFUND FOR PAYMENT',
    exchange_rate: null,
    created,
    available_on: created,
  };
  return made;
}

const captured = (intent: PaymentIntent) => intent.status === 'succeeded' && intent.amount_received > 0;

/** The balance transaction id a refund carries. */
export const refundTransactionIdOf = (refundId: string) => `txn_${bodyOf(refundId)}`;

/** GET /v1/charges/:id and GET /v1/balance_transactions/:id over the sandbox's PaymentIntents and refunds. */
export class StripeBalances {
  constructor(private readonly store: StripeSandboxStore) {}

  async retrieveCharge(id: string, expand: readonly string[]): Promise<Charge> {
    const intent = id.startsWith('ch_') ? await this.store.getPaymentIntent(intentIdOf(id)) : undefined;
    if (!intent || intent.latest_charge !== id) throw noSuch('charge', id, 'id');
    const refunded = (await this.store.refundsOf(intent.id)).reduce((sum, refund) => sum + refund.amount, 0);
    const txn = captured(intent) ? this.#ofCharge(intent) : null;
    // Declined: the intent awaits another payment method, with the decline as its last error.
    const failure = intent.status === 'requires_payment_method' ? intent.last_payment_error : null;
    return {
      ...UNUSED_CHARGE_PROPERTIES,
      id,
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount_received,
      amount_refunded: refunded,
      balance_transaction: txn && (expand.includes('balance_transaction') ? txn : txn.id),
      billing_details: EMPTY_BILLING_DETAILS,
      captured: captured(intent),
      currency: intent.currency,
      description: intent.description,
      disputed: false,
      failure_code: failure ? (failure.code ?? 'card_declined') : null,
      failure_message: failure ? failure.message : null,
      livemode: false,
      metadata: intent.metadata,
      paid: !failure,
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      refunded: captured(intent) && refunded >= intent.amount_received,
      status: failure ? 'failed' : 'succeeded',
      created: intent.created,
    };
  }

  async retrieveBalanceTransaction(id: string): Promise<BalanceTransaction> {
    const body = id.startsWith('txn_') ? bodyOf(id) : '';
    const intent = body ? await this.store.getPaymentIntent(`pi_${body}`) : undefined;
    if (intent && captured(intent) && intent.latest_charge === chargeIdOf(intent.id)) return this.#ofCharge(intent);
    const refund: Refund | undefined = body ? await this.store.getRefund(`re_${body}`) : undefined;
    if (refund) return transaction(refund.id, 'refund', refund.amount, refund.currency, refund.created);
    throw noSuch('balance_transaction', id, 'id');
  }

  #ofCharge(intent: PaymentIntent): BalanceTransaction {
    return transaction(intent.latest_charge!, 'charge', intent.amount_received, intent.currency, intent.created);
  }
}
