import type { PaymentIntent, PaymentMethod, Refund } from './objects.js';
import type { CardOutcome } from './test-cards.js';

/** A payment method and what charging it does (kept beside it, never answered). */
export interface StoredPaymentMethod {
  method: PaymentMethod;
  outcome: CardOutcome;
}

/** The first answer given for an idempotency key, replayed to every later request with that key. */
export interface IdempotentAnswer {
  /** "POST /v1/payment_intents" and a fingerprint of the parameters, to detect reuse with others. */
  request: string;
  fingerprint: string;
  status: number;
  body: unknown;
  createdAt: number;
}

/**
 * Where the Stripe sandbox keeps its objects. Callers serialise mutations (see router.ts), so a
 * store needs no locking of its own while one process serves the sandbox.
 */
export interface StripeSandboxStore {
  getPaymentIntent(id: string): Promise<PaymentIntent | undefined>;
  putPaymentIntent(intent: PaymentIntent): Promise<void>;
  getPaymentMethod(id: string): Promise<StoredPaymentMethod | undefined>;
  putPaymentMethod(stored: StoredPaymentMethod): Promise<void>;
  getRefund(id: string): Promise<Refund | undefined>;
  refundsOf(paymentIntentId: string): Promise<Refund[]>;
  putRefund(refund: Refund): Promise<void>;
  getIdempotentAnswer(key: string): Promise<IdempotentAnswer | undefined>;
  putIdempotentAnswer(key: string, answer: IdempotentAnswer): Promise<void>;
}

const copy = <T>(value: T): T => structuredClone(value);

export class InMemoryStripeSandboxStore implements StripeSandboxStore {
  readonly #intents = new Map<string, PaymentIntent>();
  readonly #methods = new Map<string, StoredPaymentMethod>();
  readonly #refunds = new Map<string, Refund>();
  readonly #answers = new Map<string, IdempotentAnswer>();

  async getPaymentIntent(id: string) {
    const intent = this.#intents.get(id);
    return intent && copy(intent);
  }
  async putPaymentIntent(intent: PaymentIntent) {
    this.#intents.set(intent.id, copy(intent));
  }
  async getPaymentMethod(id: string) {
    const method = this.#methods.get(id);
    return method && copy(method);
  }
  async putPaymentMethod(stored: StoredPaymentMethod) {
    this.#methods.set(stored.method.id, copy(stored));
  }
  async getRefund(id: string) {
    const refund = this.#refunds.get(id);
    return refund && copy(refund);
  }
  async refundsOf(paymentIntentId: string) {
    return [...this.#refunds.values()].filter((refund) => refund.payment_intent === paymentIntentId).map(copy);
  }
  async putRefund(refund: Refund) {
    this.#refunds.set(refund.id, copy(refund));
  }
  async getIdempotentAnswer(key: string) {
    const answer = this.#answers.get(key);
    return answer && copy(answer);
  }
  async putIdempotentAnswer(key: string, answer: IdempotentAnswer) {
    this.#answers.set(key, copy(answer));
  }
}
