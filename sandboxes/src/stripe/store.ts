import type { PaymentIntent, PaymentMethod, Refund } from './objects.js';
import type { CardOutcome } from '@contrail/shared/payments/test-cards';
import { pageOf, type ListPage } from './list-page.js';

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

/** A request running under an idempotency key: what it is, since when. */
export type IdempotencyClaim = Omit<IdempotentAnswer, 'status' | 'body'>;

/** What claiming an idempotency key found: it is ours now, or its answer is kept, or another request holds it. */
export type ClaimOutcome =
  | { status: 'claimed' }
  | { status: 'answered'; answer: IdempotentAnswer }
  | { status: 'in_progress'; claim: IdempotencyClaim };

/** A kept answer lasts this long; a claim whose request died is taken over after `staleMs`. */
export interface ClaimRules {
  now: number;
  lifetimeMs: number;
  staleMs: number;
}

/** A page of refunds (see list-page.ts), of one PaymentIntent or of all. */
export interface RefundPage extends ListPage {
  paymentIntent?: string;
}

/**
 * Where the Stripe sandbox keeps its objects and idempotency keys. Keys are claimed atomically, so
 * every process sharing the store runs a key's request once, as Stripe does. Callers serialise the
 * mutations of one process (see router.ts).
 */
export interface StripeSandboxStore {
  getPaymentIntent(id: string): Promise<PaymentIntent | undefined>;
  putPaymentIntent(intent: PaymentIntent): Promise<void>;
  /** A page of PaymentIntents, newest first (list-page.ts). */
  listPaymentIntents(page: ListPage): Promise<PaymentIntent[]>;
  getPaymentMethod(id: string): Promise<StoredPaymentMethod | undefined>;
  putPaymentMethod(stored: StoredPaymentMethod): Promise<void>;
  getRefund(id: string): Promise<Refund | undefined>;
  refundsOf(paymentIntentId: string): Promise<Refund[]>;
  putRefund(refund: Refund): Promise<void>;
  listRefunds(page: RefundPage): Promise<Refund[]>;
  /** Claims a key before its request runs (atomically across processes). */
  claimIdempotencyKey(key: string, claim: IdempotencyClaim, rules: ClaimRules): Promise<ClaimOutcome>;
  /** Keeps the answer of the request that claimed the key. */
  putIdempotentAnswer(key: string, answer: IdempotentAnswer): Promise<void>;
  /** Gives a claimed key up without an answer (Stripe keeps none for a request that failed validation). */
  releaseIdempotencyKey(key: string): Promise<void>;
}

type Kept = IdempotentAnswer | (IdempotencyClaim & { inProgress: true });

/** The claim rule both stores apply: a kept entry is replaced once expired, or once its request went stale. */
export function replaceable(kept: Kept, rules: ClaimRules): boolean {
  const age = rules.now - kept.createdAt;
  return age >= rules.lifetimeMs || ('inProgress' in kept && age >= rules.staleMs);
}

export function outcomeOf(kept: Kept): ClaimOutcome {
  if ('inProgress' in kept) {
    const { inProgress: _inProgress, ...claim } = kept;
    return { status: 'in_progress', claim };
  }
  return { status: 'answered', answer: kept };
}

const copy = <T>(value: T): T => structuredClone(value);

export class InMemoryStripeSandboxStore implements StripeSandboxStore {
  readonly #intents = new Map<string, PaymentIntent>();
  readonly #methods = new Map<string, StoredPaymentMethod>();
  readonly #refunds = new Map<string, Refund>();
  readonly #answers = new Map<string, Kept>();

  async getPaymentIntent(id: string) {
    const intent = this.#intents.get(id);
    return intent && copy(intent);
  }
  async putPaymentIntent(intent: PaymentIntent) {
    this.#intents.set(intent.id, copy(intent));
  }
  async listPaymentIntents(page: ListPage) {
    return pageOf([...this.#intents.values()], page).map(copy);
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
  async listRefunds(page: RefundPage) {
    const refunds = [...this.#refunds.values()].filter(
      (refund) => !page.paymentIntent || refund.payment_intent === page.paymentIntent,
    );
    return pageOf(refunds, page).map(copy);
  }
  async claimIdempotencyKey(key: string, claim: IdempotencyClaim, rules: ClaimRules): Promise<ClaimOutcome> {
    const kept = this.#answers.get(key);
    if (kept && !replaceable(kept, rules)) return outcomeOf(copy(kept));
    this.#answers.set(key, { ...copy(claim), inProgress: true });
    return { status: 'claimed' };
  }
  async putIdempotentAnswer(key: string, answer: IdempotentAnswer) {
    this.#answers.set(key, copy(answer));
  }
  async releaseIdempotencyKey(key: string) {
    this.#answers.delete(key);
  }
}
