import { createHash, randomUUID } from 'node:crypto';
import { cardProblem } from '@contrail/shared/booking/card';
import { processCardRequestSchema, type ProcessCardRequest } from '@contrail/shared/booking/contracts';
import type { BrandDirectory } from '../../brands/brand-directory.js';
import type { Clock } from '../../clock.js';
import type { EventStore } from '../../eventstore/eventstore.js';
import type { FlightProvider } from '../../flights/provider.js';
import type { Logger } from '../../logging/logger.js';
import { cardAnswer, cardErrorAnswer, type CardAnswer } from '../../payments/card-answer.js';
import type { PaymentGateway } from '../../payments/gateway.js';
import type { SqlExecutor } from '../../storage/sql.js';
import { Refusal } from '../domain/refusals.js';
import { sagaStep } from '../saga/steps.js';
import { checkedKey, idempotentRequest, type Settle } from './idempotent-request.js';
import { PaymentClaims } from './payment-claims.js';
import { checkAmount, checkPrice, givenAmount } from './price-check.js';
import { RequestLedger } from './request-ledger.js';

/** The ports process-card uses (BookingDeps has them). */
export interface CardPorts {
  sql: SqlExecutor;
  eventStore: EventStore;
  flights: FlightProvider;
  brands: BrandDirectory;
  payments: PaymentGateway;
  clock: Clock;
  logger: Logger;
}

export interface CardCall {
  brandKey: string;
  body: unknown;
  idempotencyKey: string | undefined;
  correlationId: string;
  actor: string;
  /** This site's origin as the traveller reached it: where a 3-D Secure challenge sends them back to. */
  origin: string;
}

/** A repeat waits this long for the first request's answer before saying it is still in progress. */
const REPEAT_WAIT_MS = 30_000;

/**
 * POST /api/payments/process-card: authorizes (manual capture) exactly the engine's price of the
 * offer on this brand, and records the authorization so that one booking, and only one, can use it.
 * With an Idempotency-Key, one authorization per key across every engine (checkout/
 * idempotent-request.ts), asked of the processor with a key derived from it. The card goes to the
 * processor and is forgotten; only its last four digits are kept.
 */
export class CardPayments {
  readonly #requests: RequestLedger;
  readonly #claims: PaymentClaims;

  constructor(private readonly deps: CardPorts) {
    this.#requests = new RequestLedger(deps.sql, 'card_requests');
    this.#claims = new PaymentClaims(deps.eventStore, deps.clock);
  }

  async process(call: CardCall): Promise<CardAnswer> {
    const request = processCardRequestSchema.parse(call.body);
    const problem = cardProblem(request.cardDetails);
    if (problem)
      throw new Refusal('INVALID_CARD', problem.message, {
        title: problem.title,
        errors: [{ path: 'cardDetails', message: problem.message }],
      });
    const key = call.idempotencyKey?.trim();
    if (!key) return this.#authorize(call, request, `authorize-${randomUUID()}`);
    checkedKey(key);
    const providerKey = `authorize-${createHash('sha256').update(`${call.brandKey}\n${key}`).digest('hex').slice(0, 40)}`;
    return idempotentRequest({
      ledger: this.#requests,
      brandKey: call.brandKey,
      key,
      body: call.body,
      waitMs: REPEAT_WAIT_MS,
      what: 'payment',
      run: (settle) => this.#settled(settle, this.#authorize(call, request, providerKey)),
      replay: async (kept) => ({ status: kept.status!, body: kept.response as CardAnswer['body'] }),
    });
  }

  /** The processor's answer is the key's, unless it could not be reached: then the key is tried afresh. */
  async #settled(settle: Settle, authorizing: Promise<CardAnswer>): Promise<CardAnswer> {
    const answer = await authorizing.catch(async (error: unknown) => {
      await settle.forget();
      throw error;
    });
    if (answer.status >= 500) await settle.forget();
    else await settle.keep(answer.status, answer.body);
    return answer;
  }

  async #authorize(call: CardCall, request: ProcessCardRequest, providerKey: string): Promise<CardAnswer> {
    const { deps } = this;
    const offer = await deps.flights.getOffer(request.offerId);
    const brand = await deps.brands.find(call.brandKey);
    if (!brand) throw new Refusal('BRAND_NOT_FOUND', `No brand ${call.brandKey}`);
    const { price } = await checkPrice(deps, offer, brand, request.seats ?? [], request.bags ?? []);
    checkAmount(givenAmount(request.amount, request.currency), price, 'amount');
    try {
      const result = await deps.payments.authorize({
        amount: price,
        card: request.cardDetails,
        idempotencyKey: providerKey,
        description: `Flight offer ${offer.id}`,
        metadata: { offer_id: offer.id, brand: call.brandKey },
        ...(request.returnPath && { returnUrl: `${call.origin}${request.returnPath}` }),
      });
      sagaStep('authorization-answered');
      if (result.outcome === 'authorized') {
        const cardLast4 = result.payment.cardLast4 ?? request.cardDetails.number.slice(-4);
        await this.#claims.recordAuthorization(
          {
            paymentId: result.payment.paymentId,
            offerId: offer.id,
            brandKey: call.brandKey,
            amount: price,
            cardLast4,
            offerExpiresAt: offer.expires_at,
            at: deps.clock.now().toISOString(),
          },
          { correlationId: call.correlationId, actor: call.actor, brand: call.brandKey },
        );
      }
      return cardAnswer(result);
    } catch (error) {
      deps.logger.warn({ err: error, offerId: offer.id }, 'card authorization failed');
      return cardErrorAnswer(error);
    }
  }
}
