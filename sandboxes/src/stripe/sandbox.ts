import { timingSafeEqual } from 'node:crypto';
import { authenticated, challengeUrl, returnUrlOf, type ChallengeOutcome } from './authentication.js';
import { StripeBalances, chargeIdOf, intentIdOf, refundTransactionIdOf, type Charge } from './balance-transactions.js';
import { StripeApiError, invalidRequest, missingParam, noSuch, unexpectedState } from './errors.js';
import { stripeId } from './ids.js';
import {
  UNUSED_INTENT_PROPERTIES,
  answeredRefund,
  type AnsweredRefund,
  type PaymentIntent,
  type PaymentMethod,
  type Refund,
  type StripeErrorBody,
} from './objects.js';
import {
  metadataOf,
  optionalBoolean,
  optionalEnum,
  optionalInteger,
  optionalString,
  rejectUnknown,
  requiredString,
  type Params,
} from './params.js';
import { PaymentMethods } from './payment-methods.js';
import { LIST_PARAMS, listPageOf, trimmed } from './list-page.js';
import type { StoredPaymentMethod, StripeSandboxStore } from './store.js';
import type { CardOutcome } from '@contrail/shared/payments/test-cards';

/**
 * The Stripe behaviour the sandbox reproduces: PaymentIntents with manual or automatic capture,
 * capture, cancel and refunds, with Stripe's test cards, states, errors and messages.
 */
export interface StripeSandboxOptions {
  store: StripeSandboxStore;
  now?: () => Date;
}

export interface IntentList {
  object: 'list';
  url: '/v1/payment_intents';
  has_more: boolean;
  data: AnsweredIntent[];
}

export interface RefundList {
  object: 'list';
  url: '/v1/refunds';
  has_more: boolean;
  data: AnsweredRefund[];
}

/** A PaymentIntent as answered: `expand` may inline its payment method and its latest charge. */
export type AnsweredIntent = Omit<PaymentIntent, 'payment_method' | 'latest_charge'> & {
  payment_method: string | PaymentMethod | null;
  latest_charge: string | Charge | null;
};

/** The `expand` parameter of a POST body (`expand[0]=payment_method`). */
export function expandParam(params: Params): string[] {
  const value = params.expand;
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : Object.values(value as object)).filter(
    (entry): entry is string => typeof entry === 'string',
  );
}

const CREATE_PARAMS = [
  'amount',
  'currency',
  'confirm',
  'capture_method',
  'confirmation_method',
  'payment_method',
  'payment_method_data',
  'payment_method_types',
  'allowed_payment_method_types',
  'automatic_payment_methods',
  'metadata',
  'description',
  'expand',
  'receipt_email',
  'statement_descriptor',
  'statement_descriptor_suffix',
  'error_on_requires_action',
  'off_session',
  'return_url',
  'use_stripe_sdk',
] as const;
const CANCELABLE: PaymentIntent['status'][] = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];
const MINIMUM_AMOUNT = 50;
const CAPTURE_METHODS = ['automatic', 'automatic_async', 'manual'] as const;
const CONFIRMABLE: PaymentIntent['status'][] = ['requires_payment_method', 'requires_confirmation'];
const CONFIRM_PARAMS = [
  'payment_method',
  'payment_method_data',
  'payment_method_types',
  'capture_method',
  'return_url',
  'expand',
  'error_on_requires_action',
  'off_session',
  'receipt_email',
  'use_stripe_sdk',
] as const;
const UPDATE_PARAMS = [
  'amount',
  'currency',
  'capture_method',
  'description',
  'metadata',
  'payment_method',
  'payment_method_data',
  'payment_method_types',
  'receipt_email',
  'statement_descriptor',
  'statement_descriptor_suffix',
  'expand',
] as const;

const cardError = (
  outcome: Extract<CardOutcome, { kind: 'declined' }>,
  extra: Partial<StripeErrorBody> = {},
): StripeErrorBody => ({
  type: 'card_error',
  code: outcome.code,
  ...(outcome.declineCode && { decline_code: outcome.declineCode }),
  message: outcome.message,
  doc_url: `https://stripe.com/docs/error-codes/${outcome.code.replace(/_/g, '-')}`,
  ...extra,
});

/** What an intent kept before the sandbox answered every property of Stripe's lacks. */
const ANSWERED_DEFAULTS = {
  ...UNUSED_INTENT_PROPERTIES,
  allowed_payment_method_types: null,
  receipt_email: null,
  statement_descriptor: null,
  statement_descriptor_suffix: null,
};

/** `allowed_payment_method_types[]`, as given. */
function allowedTypesOf(params: Params): string[] | null {
  const value = params.allowed_payment_method_types;
  const types = Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : [];
  const strings = types.filter((type): type is string => typeof type === 'string');
  return strings.length > 0 ? strings : null;
}

/** An absolute http(s) URL, as Stripe requires of `return_url`. */
function returnUrlParam(params: Params): string | undefined {
  const value = optionalString(params, 'return_url');
  if (value === undefined) return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw invalidRequest('Invalid URL: return_url must be an absolute http or https URL.', {
      code: 'url_invalid',
      param: 'return_url',
    });
  return value;
}

export class StripeSandbox {
  readonly #store: StripeSandboxStore;
  readonly #now: () => Date;
  readonly #methods: PaymentMethods;
  readonly #balances: StripeBalances;

  constructor(options: StripeSandboxOptions) {
    this.#store = options.store;
    this.#now = options.now ?? (() => new Date());
    this.#methods = new PaymentMethods(this.#store, this.#now);
    this.#balances = new StripeBalances(this.#store);
  }

  #seconds(): number {
    return Math.floor(this.#now().getTime() / 1000);
  }

  /** `origin`: the sandbox's as the caller reached it, where a 3-D Secure challenge is served. */
  async createPaymentIntent(params: Params, origin = 'http://localhost'): Promise<PaymentIntent> {
    rejectUnknown(params, CREATE_PARAMS);
    const returnUrl = returnUrlParam(params);
    const amount =
      optionalInteger(params, 'amount') ??
      (() => {
        throw missingParam('amount');
      })();
    const currency = requiredString(params, 'currency').toLowerCase();
    if (!/^[a-z]{3}$/.test(currency))
      throw invalidRequest(`Invalid currency: ${currency}.`, { code: 'parameter_invalid_string', param: 'currency' });
    if (amount < MINIMUM_AMOUNT) {
      throw invalidRequest(`Amount must be at least ${MINIMUM_AMOUNT} ${currency}`, {
        code: 'amount_too_small',
        param: 'amount',
      });
    }
    const confirm = optionalBoolean(params, 'confirm') ?? false;
    const method = await this.#methods.of(params);
    const intent: PaymentIntent = {
      id: stripeId('pi'),
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      currency,
      status: method ? 'requires_confirmation' : 'requires_payment_method',
      capture_method: optionalEnum(params, 'capture_method', CAPTURE_METHODS) ?? 'automatic_async',
      confirmation_method: optionalEnum(params, 'confirmation_method', ['automatic', 'manual'] as const) ?? 'automatic',
      payment_method: method?.method.id ?? null,
      payment_method_types: ['card'],
      allowed_payment_method_types: allowedTypesOf(params),
      receipt_email: optionalString(params, 'receipt_email') ?? null,
      statement_descriptor: optionalString(params, 'statement_descriptor') ?? null,
      statement_descriptor_suffix: optionalString(params, 'statement_descriptor_suffix') ?? null,
      ...UNUSED_INTENT_PROPERTIES,
      latest_charge: null,
      last_payment_error: null,
      next_action: null,
      canceled_at: null,
      cancellation_reason: null,
      client_secret: '',
      description: optionalString(params, 'description') ?? null,
      metadata: metadataOf(params),
      created: this.#seconds(),
      livemode: false,
    };
    intent.client_secret = `${intent.id}_secret_${stripeId('s').slice(2)}`;
    if (!confirm) {
      await this.#store.putPaymentIntent(intent);
      return intent;
    }
    if (!method) throw missingParam('payment_method');
    return this.#confirm(intent, method, returnUrl ? { returnUrl, origin } : undefined);
  }

  /** POST /v1/payment_intents/:id/confirm: the second step of a two-step payment. */
  async confirmPaymentIntent(id: string, params: Params, origin: string): Promise<PaymentIntent> {
    rejectUnknown(params, CONFIRM_PARAMS);
    const intent = await this.#intent(id);
    if (!CONFIRMABLE.includes(intent.status))
      throw unexpectedState(
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${CONFIRMABLE.join(', ')}.`,
      );
    const method = (await this.#methods.of(params)) ?? (await this.#methodOf(intent));
    if (!method) throw missingParam('payment_method');
    const returnUrl = returnUrlParam(params);
    const capture = optionalEnum(params, 'capture_method', CAPTURE_METHODS) ?? intent.capture_method;
    const ready = { ...intent, payment_method: method.method.id, capture_method: capture, last_payment_error: null };
    return this.#confirm(ready, method, returnUrl ? { returnUrl, origin } : undefined);
  }

  /**
   * POST /v1/payment_intents/:id: metadata (merged; an empty value removes a key) and description
   * at any time; amount, currency, capture method and payment method only before it is confirmed.
   */
  async updatePaymentIntent(id: string, params: Params): Promise<PaymentIntent> {
    rejectUnknown(params, UPDATE_PARAMS);
    const intent = await this.#intent(id);
    const beforeConfirm = ['amount', 'currency', 'capture_method', 'payment_method', 'payment_method_data'];
    const late = beforeConfirm.find((key) => params[key] !== undefined);
    if (late && !CONFIRMABLE.includes(intent.status))
      throw unexpectedState(`You cannot update ${late} on a PaymentIntent with a status of ${intent.status}.`);
    const amount = optionalInteger(params, 'amount') ?? intent.amount;
    if (amount < MINIMUM_AMOUNT)
      throw invalidRequest(`Amount must be at least ${MINIMUM_AMOUNT} ${intent.currency}`, {
        code: 'amount_too_small',
        param: 'amount',
      });
    const method = await this.#methods.of(params);
    const metadata = { ...intent.metadata };
    const given = params.metadata;
    if (given !== undefined && given !== '' && typeof given === 'object' && given !== null)
      for (const [key, value] of Object.entries(given)) if (value === '') delete metadata[key];
    const updated: PaymentIntent = {
      ...intent,
      amount,
      currency: optionalString(params, 'currency')?.toLowerCase() ?? intent.currency,
      capture_method: optionalEnum(params, 'capture_method', CAPTURE_METHODS) ?? intent.capture_method,
      description: params.description === '' ? null : (optionalString(params, 'description') ?? intent.description),
      metadata: { ...metadata, ...metadataOf(params) },
      ...(method && { payment_method: method.method.id, status: 'requires_confirmation' as const }),
    };
    await this.#store.putPaymentIntent(updated);
    return updated;
  }

  async #methodOf(intent: PaymentIntent): Promise<StoredPaymentMethod | undefined> {
    return intent.payment_method ? this.#store.getPaymentMethod(intent.payment_method) : undefined;
  }

  async #confirm(
    intent: PaymentIntent,
    stored: StoredPaymentMethod,
    redirect?: { returnUrl: string; origin: string },
  ): Promise<PaymentIntent> {
    const { outcome } = stored;
    if (outcome.kind === 'declined') {
      const error = cardError(outcome, { payment_method: stored.method, charge: chargeIdOf(intent.id) });
      const failed: PaymentIntent = {
        ...intent,
        status: 'requires_payment_method',
        last_payment_error: error,
        latest_charge: chargeIdOf(intent.id),
      };
      await this.#store.putPaymentIntent(failed);
      throw new StripeApiError(402, { ...error, payment_intent: failed });
    }
    if (outcome.kind === 'requires_action') {
      const waiting: PaymentIntent = {
        ...intent,
        status: 'requires_action',
        next_action: redirect
          ? {
              type: 'redirect_to_url',
              redirect_to_url: { url: challengeUrl(redirect.origin, intent), return_url: redirect.returnUrl },
            }
          : { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: '' } },
      };
      await this.#store.putPaymentIntent(waiting);
      return waiting;
    }
    const manual = intent.capture_method === 'manual';
    const done: PaymentIntent = {
      ...intent,
      status: manual ? 'requires_capture' : 'succeeded',
      amount_capturable: manual ? intent.amount : 0,
      amount_received: manual ? 0 : intent.amount,
      latest_charge: chargeIdOf(intent.id),
    };
    await this.#store.putPaymentIntent(done);
    return done;
  }

  /**
   * The challenge page's answer for an intent waiting for 3-D Secure (its client secret proves the
   * page was the one handed out): the intent as it is now, and where to send the customer back to
   * (null once it was answered before: a second answer changes nothing).
   */
  async authenticate(
    id: string,
    clientSecret: string,
    outcome: ChallengeOutcome,
  ): Promise<{ intent: PaymentIntent; returnTo: string | null }> {
    const intent = await this.challenged(id, clientSecret);
    const next = intent.next_action;
    if (intent.status !== 'requires_action' || next?.type !== 'redirect_to_url') return { intent, returnTo: null };
    const done = authenticated(intent, outcome);
    await this.#store.putPaymentIntent(done);
    return { intent: done, returnTo: returnUrlOf(done, next.redirect_to_url.return_url) };
  }

  /** The intent a challenge page is for, when its client secret matches. */
  async challenged(id: string, clientSecret: string): Promise<PaymentIntent> {
    const intent = await this.#store.getPaymentIntent(id);
    const given = Buffer.from(clientSecret);
    const expected = Buffer.from(intent?.client_secret ?? '');
    if (!intent || given.length !== expected.length || !timingSafeEqual(given, expected))
      throw noSuch('payment_intent', id, 'intent');
    return intent;
  }

  async retrievePaymentIntent(id: string, expand: readonly string[] = []): Promise<AnsweredIntent> {
    return this.present(await this.#intent(id), expand);
  }

  /** GET /v1/payment_intents: newest first, with Stripe's list parameters (list-page.ts). */
  async listPaymentIntents(params: Params): Promise<IntentList> {
    rejectUnknown(params, LIST_PARAMS);
    const { page, limit } = await listPageOf(params, (id) => this.#intent(id));
    const found = await this.#store.listPaymentIntents(page);
    const { hasMore, data } = trimmed(found, page, limit);
    const expand = expandParam(params).flatMap((path) => (path.startsWith('data.') ? [path.slice(5)] : []));
    return {
      object: 'list',
      url: '/v1/payment_intents',
      has_more: hasMore,
      data: await Promise.all(data.map((intent) => this.present(intent, expand))),
    };
  }

  /** GET /v1/refunds: newest first, of one `payment_intent` or `charge`, or of all. */
  async listRefunds(params: Params): Promise<RefundList> {
    rejectUnknown(params, [...LIST_PARAMS, 'payment_intent', 'charge']);
    const of = params.payment_intent !== undefined || params.charge !== undefined ? await this.#refunded(params) : null;
    const { page, limit } = await listPageOf(params, (id) => this.retrieveRefund(id));
    const found = await this.#store.listRefunds({ ...page, ...(of && { paymentIntent: of.id }) });
    const { hasMore, data } = trimmed(found, page, limit);
    return { object: 'list', url: '/v1/refunds', has_more: hasMore, data: data.map(answeredRefund) };
  }

  /** The intent as answered: `expand[]=payment_method` and `expand[]=latest_charge` inline those objects. */
  async present(intent: PaymentIntent, expand: readonly string[]): Promise<AnsweredIntent> {
    const answered: AnsweredIntent = { ...ANSWERED_DEFAULTS, ...intent };
    if (expand.includes('payment_method') && intent.payment_method)
      answered.payment_method = (await this.#store.getPaymentMethod(intent.payment_method))?.method ?? null;
    if (expand.includes('latest_charge') && intent.latest_charge)
      answered.latest_charge = await this.#balances.retrieveCharge(intent.latest_charge, []);
    return answered;
  }

  async #intent(id: string): Promise<PaymentIntent> {
    return (
      (await this.#store.getPaymentIntent(id)) ??
      (() => {
        throw noSuch('payment_intent', id, 'intent');
      })()
    );
  }

  async capturePaymentIntent(id: string, params: Params): Promise<PaymentIntent> {
    rejectUnknown(params, ['amount_to_capture', 'metadata', 'expand', 'final_capture']);
    const intent = await this.#intent(id);
    if (intent.status !== 'requires_capture') {
      throw unexpectedState(
        `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
      );
    }
    const amount = optionalInteger(params, 'amount_to_capture') ?? intent.amount_capturable;
    if (amount > intent.amount_capturable || amount < 1) {
      throw invalidRequest(
        `The amount to capture (${amount}) must be between 1 and the amount capturable (${intent.amount_capturable}).`,
        {
          code: 'amount_too_large',
          param: 'amount_to_capture',
        },
      );
    }
    const captured: PaymentIntent = {
      ...intent,
      status: 'succeeded',
      amount_received: amount,
      amount_capturable: 0,
      metadata: { ...intent.metadata, ...metadataOf(params) },
    };
    await this.#store.putPaymentIntent(captured);
    return captured;
  }

  async cancelPaymentIntent(id: string, params: Params): Promise<PaymentIntent> {
    rejectUnknown(params, ['cancellation_reason', 'expand']);
    const reason = optionalEnum(params, 'cancellation_reason', [
      'duplicate',
      'fraudulent',
      'requested_by_customer',
      'abandoned',
    ] as const);
    const intent = await this.#intent(id);
    if (!CANCELABLE.includes(intent.status)) {
      throw unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
      );
    }
    const canceled: PaymentIntent = {
      ...intent,
      status: 'canceled',
      amount_capturable: 0,
      canceled_at: this.#seconds(),
      cancellation_reason: reason ?? null,
    };
    await this.#store.putPaymentIntent(canceled);
    return canceled;
  }

  async createRefund(params: Params): Promise<AnsweredRefund> {
    rejectUnknown(params, ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand']);
    const intent = await this.#refunded(params);
    if (intent.status !== 'succeeded') {
      throw unexpectedState(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`);
    }
    const refunded = (await this.#store.refundsOf(intent.id)).reduce((sum, refund) => sum + refund.amount, 0);
    const remaining = intent.amount_received - refunded;
    if (remaining <= 0)
      throw invalidRequest(`Charge ${intent.latest_charge} has already been refunded.`, {
        code: 'charge_already_refunded',
      });
    const amount = optionalInteger(params, 'amount') ?? remaining;
    if (amount < 1 || amount > remaining) {
      throw invalidRequest(`Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`, {
        code: 'amount_too_large',
        param: 'amount',
      });
    }
    const refundId = stripeId('re');
    const refund: Refund = {
      id: refundId,
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: intent.latest_charge,
      payment_method: intent.payment_method,
      balance_transaction: refundTransactionIdOf(refundId),
      status: 'succeeded',
      reason: optionalEnum(params, 'reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null,
      metadata: metadataOf(params),
      created: this.#seconds(),
    };
    await this.#store.putRefund(refund);
    return answeredRefund(refund);
  }

  /** What a refund is of: its `payment_intent`, or its `charge` (the intent's one charge). */
  async #refunded(params: Params): Promise<PaymentIntent> {
    const chargeId = optionalString(params, 'charge');
    const intentId = optionalString(params, 'payment_intent');
    if (chargeId && intentId)
      throw invalidRequest('You cannot pass both charge and payment_intent.', { param: 'charge' });
    if (!chargeId) return this.#intent(intentId ?? requiredString(params, 'payment_intent'));
    const intent = await this.#store.getPaymentIntent(intentIdOf(chargeId));
    if (!chargeId.startsWith('ch_') || !intent || intent.latest_charge !== chargeId)
      throw noSuch('charge', chargeId, 'charge');
    return intent;
  }

  async retrieveRefund(id: string): Promise<AnsweredRefund> {
    const refund = await this.#store.getRefund(id);
    if (!refund) throw noSuch('refund', id, 'id');
    return answeredRefund(refund);
  }
}
