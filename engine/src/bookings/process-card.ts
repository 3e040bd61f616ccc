import { randomUUID } from 'node:crypto';
import { OFFER_EXPIRED_MESSAGE } from '@contrail/shared';
import { cardProblem } from '@contrail/shared/booking/card';
import { processCardRequestSchema } from '@contrail/shared/booking/contracts';
import { fromMinorUnits, toMinorUnits } from '@contrail/shared/booking/money';
import { providerFailure } from '../flights/routes.js';
import { HttpError, parseInput } from '../http/errors.js';
import { cardAnswer, cardErrorAnswer, type CardAnswer } from '../payments/card-answer.js';
import type { BookingDeps } from './deps.js';
import { formatMoney } from './money.js';
import { recordAuthorization } from './payment-claims.js';
import { customerPrice } from './pricing.js';
import { pricedSeats, seatsBodySchema, withSeats } from './seats.js';

export interface CardCall {
  brandKey: string;
  body: unknown;
  idempotencyKey: string | undefined;
  correlationId: string;
  actor: string;
}

/**
 * POST /api/payments/process-card: authorizes (manual capture) exactly the engine's price of the
 * offer on this brand, and records the authorization so that one booking, and only one, can use it.
 * The card goes to the processor and is forgotten; only its last four digits are kept.
 */
export async function processCard(deps: BookingDeps, call: CardCall): Promise<CardAnswer> {
  const request = parseInput(processCardRequestSchema, call.body);
  const problem = cardProblem(request.cardDetails);
  if (problem) {
    throw new HttpError(400, problem.message, 'INVALID_CARD', {
      title: problem.title,
      errors: [{ path: 'cardDetails', message: problem.message }],
    });
  }
  const offer = await deps.flights.getOffer(request.offerId).catch((error: unknown) => {
    throw providerFailure(error);
  });
  if (Date.parse(offer.expires_at) <= deps.clock.now().getTime())
    throw new HttpError(410, OFFER_EXPIRED_MESSAGE, 'OFFER_EXPIRED');
  const brand = await deps.brands.find(call.brandKey);
  if (!brand) throw new HttpError(404, `No brand ${call.brandKey}`, 'BRAND_NOT_FOUND');
  const seats = await pricedSeats(
    deps.flights,
    offer.id,
    parseInput(seatsBodySchema, { seats: (call.body as { seats?: unknown } | null)?.seats }).seats ?? [],
  );
  const price = withSeats(customerPrice(offer, brand.priceMarkup), seats);
  if (request.currency !== price.currency || toMinorUnits(request.amount, request.currency) !== price.amount) {
    const message = `The amount must be the offer's price of ${formatMoney(price)}`;
    throw new HttpError(400, `amount: ${message}`, 'AMOUNT_MISMATCH', {
      errors: [{ path: 'amount', message }],
      expected: { amount: fromMinorUnits(price.amount, price.currency), currency: price.currency },
    });
  }
  const key = call.idempotencyKey?.trim()
    ? `authorize-${call.brandKey}-${call.idempotencyKey.trim()}`
    : `authorize-${randomUUID()}`;
  try {
    const result = await deps.payments.authorize({
      amount: price,
      card: request.cardDetails,
      idempotencyKey: key,
      description: `Flight offer ${offer.id}`,
      metadata: { offer_id: offer.id, brand: call.brandKey },
    });
    if (result.outcome === 'authorized') {
      await recordAuthorization(
        deps.eventStore,
        {
          paymentId: result.payment.paymentId,
          offerId: offer.id,
          brandKey: call.brandKey,
          amount: price,
          cardLast4: result.payment.cardLast4 ?? request.cardDetails.number.slice(-4),
          at: deps.clock.now().toISOString(),
        },
        { correlationId: call.correlationId, actor: call.actor, brand: call.brandKey },
        deps.clock,
      );
    }
    return cardAnswer(result);
  } catch (error) {
    deps.logger.warn({ err: error, offerId: offer.id }, 'card authorization failed');
    return cardErrorAnswer(error);
  }
}
