import type Stripe from 'stripe';
import type { FetchFunction } from '../calls/sandbox-access.js';
import { cardDigits, cardLastFour } from '@contrail/shared/booking/card';
import { testCardByNumber } from '@contrail/shared/payments/test-cards';
import type { Money } from '@contrail/shared/booking/money';
import {
  PAYMENT_ERROR_MESSAGES,
  PaymentGatewayError,
  type AuthorizeRequest,
  type AuthorizeResult,
  type CardInput,
  type Payment,
  type PaymentGateway,
  type PaymentStatus,
  type Refund,
} from './gateway.js';

export interface StripeGatewayOptions {
  /** `STRIPE_SECRET_KEY`: talk to Stripe. Without it the sandbox is used with a test key. */
  secretKey?: string;
  /**
   * Where the Stripe sandbox listens (its own port, or the engine's when mounted at its root), and
   * the key it answers; with `fetch`, the client's requests go through it instead of a socket (a
   * sandbox mounted in this process), over Stripe's own fetch HTTP client.
   */
  sandbox?: { host: string; port: number; protocol?: 'http' | 'https'; apiKey?: string; fetch?: FetchFunction };
  maxNetworkRetries?: number;
  timeoutMs?: number;
  /**
   * How card data reaches the processor. `card_data` sends the card itself (the sandbox; a live
   * Stripe account needs raw card data access for it). `test_payment_methods` sends Stripe's
   * `pm_card_*` ids for published test cards, as Stripe's test mode expects. Default: card data
   * for the sandbox, test payment methods for a Stripe test key.
   */
  cardTransport?: 'card_data' | 'test_payment_methods';
}

export const SANDBOX_SECRET_KEY = 'sk_test_contrail_sandbox';
export const AUTHENTICATION_REQUIRED_MESSAGE =
  'Your card requires authentication, which is not supported here. Please use a different card.';

const STATUS: Record<string, PaymentStatus> = {
  requires_capture: 'authorized',
  succeeded: 'captured',
  canceled: 'voided',
  requires_payment_method: 'incomplete',
  requires_confirmation: 'incomplete',
  requires_action: 'incomplete',
  processing: 'processing',
};

type StripeClient = typeof Stripe;
/** Set once the `stripe` module has loaded: every error it throws comes after that. */
let loadedStripe: StripeClient | undefined;
let loadingStripe: Promise<StripeClient> | undefined;

/** The `stripe` client (a large module) is loaded at the first payment call, not at start-up. */
function loadStripe(): Promise<StripeClient> {
  loadingStripe ??= import('stripe').then(
    ({ default: client }) => (loadedStripe = client),
    (error: unknown) => {
      loadingStripe = undefined;
      throw error;
    },
  );
  return loadingStripe;
}

function paymentOf(intent: Stripe.PaymentIntent): Payment {
  const method = intent.payment_method;
  return {
    paymentId: intent.id,
    amount: { amount: intent.amount, currency: intent.currency.toUpperCase() },
    capturable: intent.amount_capturable,
    received: intent.amount_received,
    status: STATUS[intent.status] ?? 'incomplete',
    cardLast4: method && typeof method === 'object' ? (method.card?.last4 ?? null) : null,
    metadata: intent.metadata,
    createdAt: new Date(intent.created * 1000).toISOString(),
    failure:
      intent.status === 'requires_payment_method' && intent.last_payment_error
        ? { code: intent.last_payment_error.code ?? 'card_declined', message: intent.last_payment_error.message ?? '' }
        : null,
  };
}

function twoDigitYearToFull(year: string | number): number {
  const value = Number(year);
  return value < 100 ? 2000 + value : value;
}

function gatewayError(error: unknown): PaymentGatewayError {
  if (!loadedStripe || !(error instanceof loadedStripe.errors.StripeError)) {
    return new PaymentGatewayError('unavailable', PAYMENT_ERROR_MESSAGES.unknown, null, null);
  }
  const status = error.statusCode ?? null;
  const code = error.code ?? null;
  const message =
    error.message || (status ? PAYMENT_ERROR_MESSAGES.withStatus(status) : PAYMENT_ERROR_MESSAGES.unknown);
  if (error.type === 'StripeIdempotencyError') return new PaymentGatewayError('idempotency', message, status, code);
  if (code === 'resource_missing' || status === 404) return new PaymentGatewayError('not_found', message, status, code);
  if (code === 'payment_intent_unexpected_state' || code === 'charge_already_refunded' || code === 'amount_too_large') {
    return new PaymentGatewayError('invalid_state', message, status, code);
  }
  if (status === 401 || status === 403) return new PaymentGatewayError('authentication', message, status, code);
  if (status !== null && status >= 400 && status < 500 && status !== 429)
    return new PaymentGatewayError('invalid_request', message, status, code);
  return new PaymentGatewayError(
    'unavailable',
    status ? PAYMENT_ERROR_MESSAGES.withStatus(status) : PAYMENT_ERROR_MESSAGES.unknown,
    status,
    code,
  );
}

/** The payment gateway on the official `stripe` client, against the sandbox or Stripe. */
export class StripeGateway implements PaymentGateway {
  readonly mode: 'sandbox' | 'stripe';
  readonly #newClient: (client: StripeClient) => Stripe;
  #stripe: Promise<Stripe> | undefined;
  readonly #cardTransport: 'card_data' | 'test_payment_methods';

  constructor(options: StripeGatewayOptions) {
    if (!options.secretKey && !options.sandbox)
      throw new Error('The Stripe gateway needs a secret key or a sandbox address');
    this.mode = options.secretKey ? 'stripe' : 'sandbox';
    const key = options.secretKey ?? options.sandbox?.apiKey ?? SANDBOX_SECRET_KEY;
    this.#newClient = (client) =>
      new client(key, {
        telemetry: false,
        maxNetworkRetries: options.maxNetworkRetries ?? 2,
        // The client's own default (80 s); its retries are safe because every POST carries an idempotency key.
        timeout: options.timeoutMs ?? 80_000,
        ...(!options.secretKey &&
          options.sandbox && {
            host: options.sandbox.host,
            port: options.sandbox.port,
            protocol: options.sandbox.protocol ?? 'http',
            ...(options.sandbox.fetch && {
              httpClient: client.createFetchHttpClient(options.sandbox.fetch as typeof fetch),
            }),
          }),
      });
    this.#cardTransport =
      options.cardTransport ??
      (this.mode === 'stripe' && key.startsWith('sk_test_') ? 'test_payment_methods' : 'card_data');
  }

  #client(): Promise<Stripe> {
    this.#stripe ??= loadStripe().then(this.#newClient, (error: unknown) => {
      this.#stripe = undefined;
      throw error;
    });
    return this.#stripe;
  }

  #paymentMethod(card: CardInput): Pick<Stripe.PaymentIntentCreateParams, 'payment_method' | 'payment_method_data'> {
    const number = cardDigits(card.number);
    const testCard = this.#cardTransport === 'test_payment_methods' ? testCardByNumber(number) : undefined;
    if (testCard?.paymentMethod) return { payment_method: testCard.paymentMethod };
    // The client's types omit raw card fields, which Stripe accepts for accounts allowed to send them.
    const cardData = {
      number,
      exp_month: Number(card.expiryMonth),
      exp_year: twoDigitYearToFull(card.expiryYear),
      cvc: card.cvv,
    };
    return {
      payment_method_data: {
        type: 'card',
        card: cardData,
      } as unknown as Stripe.PaymentIntentCreateParams.PaymentMethodData,
    };
  }

  async authorize(request: AuthorizeRequest): Promise<AuthorizeResult> {
    const cardLast4 = cardLastFour(request.card.number);
    let intent: Stripe.PaymentIntent;
    try {
      const stripe = await this.#client();
      intent = await stripe.paymentIntents.create(
        {
          amount: request.amount.amount,
          currency: request.amount.currency.toLowerCase(),
          capture_method: 'manual',
          confirm: true,
          allowed_payment_method_types: ['card'],
          ...this.#paymentMethod(request.card),
          ...(request.description && { description: request.description }),
          metadata: request.metadata ?? {},
          ...(request.returnUrl && { return_url: request.returnUrl }),
          expand: ['payment_method'],
        },
        { idempotencyKey: request.idempotencyKey },
      );
    } catch (error) {
      if (loadedStripe && error instanceof loadedStripe.errors.StripeCardError) {
        return {
          outcome: 'declined',
          code: error.code || 'card_declined',
          declineCode: error.decline_code || null,
          message: error.message,
          paymentId: error.payment_intent?.id ?? null,
          cardLast4,
        };
      }
      throw gatewayError(error);
    }
    const redirect = intent.next_action?.type === 'redirect_to_url' ? intent.next_action.redirect_to_url?.url : null;
    if (intent.status === 'requires_action' && request.returnUrl && redirect)
      return { outcome: 'requires_action', paymentId: intent.id, redirectUrl: redirect, cardLast4 };
    if (intent.status === 'requires_action') {
      // No way back for the traveller (or a challenge the engine cannot show): release the attempt and answer as a decline.
      await this.void(intent.id, { idempotencyKey: `${request.idempotencyKey}:release`, reason: 'abandoned' });
      return {
        outcome: 'declined',
        code: 'authentication_required',
        declineCode: 'authentication_required',
        message: AUTHENTICATION_REQUIRED_MESSAGE,
        paymentId: intent.id,
        cardLast4,
      };
    }
    const payment = paymentOf(intent);
    return { outcome: 'authorized', payment: { ...payment, cardLast4: payment.cardLast4 ?? cardLast4 } };
  }

  async retrieve(paymentId: string): Promise<Payment> {
    try {
      const stripe = await this.#client();
      return paymentOf(await stripe.paymentIntents.retrieve(paymentId, { expand: ['payment_method'] }));
    } catch (error) {
      throw gatewayError(error);
    }
  }

  async listSince(createdAfter: string): Promise<Payment[]> {
    try {
      const stripe = await this.#client();
      const created = { gte: Math.floor(Date.parse(createdAfter) / 1000) };
      const payments: Payment[] = [];
      for await (const intent of stripe.paymentIntents.list({ created, limit: 100, expand: ['data.payment_method'] }))
        payments.push(paymentOf(intent));
      return payments;
    } catch (error) {
      throw gatewayError(error);
    }
  }

  async capture(paymentId: string, options: { idempotencyKey: string; amount?: number }): Promise<Payment> {
    try {
      const stripe = await this.#client();
      const intent = await stripe.paymentIntents.capture(
        paymentId,
        { ...(options.amount !== undefined && { amount_to_capture: options.amount }), expand: ['payment_method'] },
        { idempotencyKey: options.idempotencyKey },
      );
      return paymentOf(intent);
    } catch (error) {
      throw gatewayError(error);
    }
  }

  async void(
    paymentId: string,
    options: { idempotencyKey: string; reason?: Stripe.PaymentIntentCancelParams.CancellationReason },
  ): Promise<Payment> {
    try {
      const stripe = await this.#client();
      const intent = await stripe.paymentIntents.cancel(
        paymentId,
        { ...(options.reason && { cancellation_reason: options.reason }), expand: ['payment_method'] },
        { idempotencyKey: options.idempotencyKey },
      );
      return paymentOf(intent);
    } catch (error) {
      throw gatewayError(error);
    }
  }

  async cardFee(source: { paymentId: string } | { refundId: string }): Promise<Money | null> {
    try {
      const stripe = await this.#client();
      const transactionId =
        'paymentId' in source
          ? await chargeTransactionOf(stripe, source.paymentId)
          : idOf((await stripe.refunds.retrieve(source.refundId)).balance_transaction);
      if (!transactionId) return null;
      const transaction = await stripe.balanceTransactions.retrieve(transactionId);
      return { amount: transaction.fee, currency: transaction.currency.toUpperCase() };
    } catch (error) {
      throw gatewayError(error);
    }
  }

  async refund(
    paymentId: string,
    options: {
      idempotencyKey: string;
      amount?: number;
      reason?: Stripe.RefundCreateParams.Reason;
      metadata?: Record<string, string>;
    },
  ): Promise<Refund> {
    try {
      const stripe = await this.#client();
      const refund = await stripe.refunds.create(
        {
          payment_intent: paymentId,
          ...(options.amount !== undefined && { amount: options.amount }),
          ...(options.reason && { reason: options.reason }),
          ...(options.metadata && { metadata: options.metadata }),
        },
        { idempotencyKey: options.idempotencyKey },
      );
      return refundOf(refund, paymentId);
    } catch (error) {
      throw gatewayError(error);
    }
  }

  async refundsOf(paymentId: string): Promise<Refund[]> {
    try {
      const stripe = await this.#client();
      const refunds: Refund[] = [];
      for await (const refund of stripe.refunds.list({ payment_intent: paymentId, limit: 100 }))
        refunds.push(refundOf(refund, paymentId));
      return refunds;
    } catch (error) {
      throw gatewayError(error);
    }
  }
}

function refundOf(refund: Stripe.Refund, paymentId: string): Refund {
  const status = refund.status === 'succeeded' || refund.status === 'failed' ? refund.status : 'pending';
  return {
    refundId: refund.id,
    paymentId,
    amount: { amount: refund.amount, currency: refund.currency.toUpperCase() },
    status,
    metadata: { ...(refund.metadata ?? {}) } as Record<string, string>,
  };
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** A PaymentIntent's charge's balance transaction id (null before the capture). */
async function chargeTransactionOf(stripe: Stripe, paymentId: string): Promise<string | null> {
  const chargeId = idOf((await stripe.paymentIntents.retrieve(paymentId)).latest_charge);
  return chargeId ? idOf((await stripe.charges.retrieve(chargeId)).balance_transaction) : null;
}
