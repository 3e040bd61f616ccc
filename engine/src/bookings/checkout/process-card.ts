import { createHash, randomUUID } from 'node:crypto';
import { OFFER_EXPIRED_MESSAGE } from '@contrail/shared';
import { cardProblem } from '@contrail/shared/booking/card';
import { processCardRequestSchema, type ProcessCardRequest } from '@contrail/shared/booking/contracts';
import { toMinorUnits } from '@contrail/shared/booking/money';
import { cardAnswer, cardErrorAnswer, type CardAnswer } from '../../payments/card-answer.js';
import type { BookingDeps } from '../deps.js';
import { BookingError } from '../domain/errors.js';
import { customerPrice } from '../domain/pricing.js';
import { sagaStep } from '../saga/steps.js';
import { CardRequests } from './card-requests.js';
import { PaymentClaims } from './payment-claims.js';
import { LEASE_MS, requestHash } from './request-ledger.js';
import { pricedSeats, seatsBodySchema, withSeats } from './seats.js';
import { amountMismatch } from './start-booking.js';

export interface CardCall {
  brandKey: string;
  body: unknown;
  idempotencyKey: string | undefined;
  correlationId: string;
  actor: string;
}

const IDEMPOTENCY_KEY = /^[\w.:-]{8,200}$/;
const POLL_MS = 100;
/** A repeat waits this long for the first request's answer before saying it is still in progress. */
const REPEAT_WAIT_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * POST /api/payments/process-card: authorizes (manual capture) exactly the engine's price of the
 * offer on this brand, and records the authorization so that one booking, and only one, can use it.
 * With an Idempotency-Key, one authorization per key across every engine: the key is claimed in
 * the shared database before the processor is asked (with a key derived from it), and a repeat
 * gets the first answer. The card goes to the processor and is forgotten; only its last four
 * digits are kept.
 */
export class CardPayments {
  readonly #requests: CardRequests;
  readonly #claims: PaymentClaims;

  constructor(private readonly deps: BookingDeps) {
    this.#requests = new CardRequests(deps.sql);
    this.#claims = new PaymentClaims(deps.eventStore, deps.clock);
  }

  async process(call: CardCall): Promise<CardAnswer> {
    const request = processCardRequestSchema.parse(call.body);
    const problem = cardProblem(request.cardDetails);
    if (problem) {
      throw new BookingError('INVALID_CARD', problem.message, {
        title: problem.title,
        errors: [{ path: 'cardDetails', message: problem.message }],
      });
    }
    const key = call.idempotencyKey?.trim();
    if (!key) return this.#authorize(call, request, `authorize-${randomUUID()}`);
    if (!IDEMPOTENCY_KEY.test(key))
      throw new BookingError('INVALID_IDEMPOTENCY_KEY', 'Idempotency-Key: use 8 to 200 letters, digits, _ . : -');
    const hash = requestHash(call.body);
    const earlier = await this.#requests.claim(call.brandKey, key, hash);
    if (earlier && earlier.requestHash !== hash)
      throw new BookingError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different payment');
    if (earlier) return this.#repeat(call, request, key);
    return this.#run(call, request, key);
  }

  async #repeat(call: CardCall, request: ProcessCardRequest, key: string): Promise<CardAnswer> {
    const deadline = Date.now() + REPEAT_WAIT_MS;
    for (;;) {
      const current = await this.#requests.get(call.brandKey, key);
      if (!current) return this.process(call);
      if (current.state === 'done') return { status: current.status!, body: current.response as CardAnswer['body'] };
      if (await this.#requests.takeOver(call.brandKey, key, LEASE_MS)) return this.#run(call, request, key);
      if (Date.now() >= deadline)
        throw new BookingError('REQUEST_IN_PROGRESS', 'A payment with this Idempotency-Key is still being processed');
      await sleep(POLL_MS);
    }
  }

  /** Asks the processor under the key's claim; the answer is kept unless the processor could not be reached. */
  async #run(call: CardCall, request: ProcessCardRequest, key: string): Promise<CardAnswer> {
    const providerKey = `authorize-${createHash('sha256').update(`${call.brandKey}\n${key}`).digest('hex').slice(0, 40)}`;
    return this.#requests.whileClaimed(call.brandKey, key, async () => {
      let answer: CardAnswer;
      try {
        answer = await this.#authorize(call, request, providerKey);
      } catch (error) {
        await this.#requests.forget(call.brandKey, key);
        throw error;
      }
      if (answer.status >= 500) await this.#requests.forget(call.brandKey, key);
      else await this.#requests.finish(call.brandKey, key, answer.status, answer.body);
      return answer;
    });
  }

  async #authorize(call: CardCall, request: ProcessCardRequest, providerKey: string): Promise<CardAnswer> {
    const { deps } = this;
    const offer = await deps.flights.getOffer(request.offerId);
    if (Date.parse(offer.expires_at) <= deps.clock.now().getTime())
      throw new BookingError('OFFER_EXPIRED', OFFER_EXPIRED_MESSAGE);
    const brand = await deps.brands.find(call.brandKey);
    if (!brand) throw new BookingError('BRAND_NOT_FOUND', `No brand ${call.brandKey}`);
    const seatRequests = seatsBodySchema.parse({ seats: (call.body as { seats?: unknown } | null)?.seats }).seats ?? [];
    const price = withSeats(
      customerPrice(offer, brand.priceMarkup),
      await pricedSeats(deps.flights, offer.id, seatRequests),
    );
    if (request.currency !== price.currency || toMinorUnits(request.amount, request.currency) !== price.amount)
      throw amountMismatch('amount', price);
    try {
      const result = await deps.payments.authorize({
        amount: price,
        card: request.cardDetails,
        idempotencyKey: providerKey,
        description: `Flight offer ${offer.id}`,
        metadata: { offer_id: offer.id, brand: call.brandKey },
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
