import type { FlightOffer } from '@contrail/shared';
import { isInternationalOffer } from '@contrail/shared/booking/international';
import { cancellationQuoteSchema, cancelResponseSchema } from '@contrail/shared/booking/refund';
import { beforeAll, describe, expect, it } from 'vitest';
import { sqlBackends } from '../test-support/sql.js';
import { loadBooking } from './booking-stream.js';
import { authorize, bookingBody, searchOffers, shownPrice } from './test-support/booking-harness.js';
import { harnessPerBackend } from './test-support/harness-per-backend.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

/** Issue 20 item 2: the cancel dialog's quote is what the cancellation refunds. */
describe.each(sqlBackends())('cancellation quotes on $name', (backend) => {
  const harness = harnessPerBackend(backend);
  let business: FlightOffer;
  let businessAgain: FlightOffer;
  let economy: FlightOffer;

  beforeAll(async () => {
    // An offer is booked once: each test books its own, found on days of their own.
    business = await refundableBusiness(40);
    businessAgain = await refundableBusiness(41);
    economy = (await searchOffers(harness, 30)).find((offer) => !offer.conditions.refund_before_departure?.allowed)!;
  }, scaled(120_000));

  /** A domestic refundable Business offer with a cancellation fee (the example). */
  async function refundableBusiness(daysAhead: number): Promise<FlightOffer> {
    const date = new Date(harness.clock.now().getTime() + daysAhead * 86_400_000).toISOString().slice(0, 10);
    const found = await harness.deps.flights!.search({
      origin: 'JFK',
      destination: 'LAX',
      departureDate: date,
      cabinClass: 'business',
      adultsCount: 1,
      childrenCount: 0,
      infantsCount: 0,
    } as never);
    const refundable = found.find(
      (offer) =>
        !isInternationalOffer(offer) &&
        offer.conditions.refund_before_departure?.allowed &&
        Number(offer.conditions.refund_before_departure.penalty_amount) > 0,
    );
    expect(refundable).toBeDefined();
    return refundable!;
  }

  async function book(offer: FlightOffer, key: string, email: string) {
    const payment = await authorize(harness, offer);
    expect(payment.status, JSON.stringify(payment.body)).toBe(200);
    const owner = harness.agent();
    const booked = await owner
      .post('/api/bookings')
      .set('Idempotency-Key', key)
      .send(bookingBody(offer, payment.body.paymentId, email));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    return { owner, id: booked.body.id as string, paymentId: payment.body.paymentId as string };
  }

  it(
    'quotes a refundable Business booking, and cancelling refunds exactly the quoted amount',
    async () => {
      const { owner, id } = await book(business, 'quote-business-1', 'quote.business@example.com');
      expect((await harness.agent().post(`/api/bookings/${id}/cancellation-quote`)).status).toBe(401);

      const answer = await owner.post(`/api/bookings/${id}/cancellation-quote`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const quote = cancellationQuoteSchema.parse(answer.body);
      const paid = shownPrice(business).amount;
      const penalty = Number(business.conditions.refund_before_departure!.penalty_amount);
      const supplied = Number(business.total_amount);
      // The default brand keeps its markup: the refund is what the airline gives back.
      expect(Number(quote.paid)).toBeCloseTo(paid, 2);
      expect(Number(quote.refund)).toBeCloseTo(supplied - penalty, 2);
      expect(quote.kept.map((fee) => [fee.kind, Number(fee.amount)])).toEqual([
        ['airline_fee', penalty],
        ['service_fee', Number((paid - supplied).toFixed(2))],
      ]);
      expect(quote.refundTo).toEqual({ method: 'card', cardLast4: '4242' });
      expect(quote.timing).toContain('7 to 30 business days');
      expect(Date.parse(quote.expiresAt)).toBeGreaterThan(harness.clock.now().getTime());

      const cancelled = await owner.post(`/api/bookings/${id}/cancel`).send({ quoteId: quote.quoteId });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(cancelResponseSchema.parse(cancelled.body)).toEqual({
        success: true,
        message: 'Booking cancelled',
        refund: { amount: quote.refund, currency: quote.currency },
      });

      const { state } = await loadBooking(harness.deps.eventStore, id);
      expect(state.payment?.refunded).toBe(Math.round(Number(quote.refund) * 100));
      const shown = await owner.get(`/api/bookings/${id}`);
      expect(shown.body.status).toBe('cancelled');
      expect(shown.body.bookingData.refund).toMatchObject({
        amount: quote.refund,
        currency: quote.currency,
        status: 'issued',
        cardLast4: '4242',
        kept: quote.kept,
      });
    },
    scaled(60_000),
  );

  it(
    'refuses an expired quote and a replaced one, and quotes only bookings that can be cancelled',
    async () => {
      const { owner, id } = await book(businessAgain, 'quote-business-2', 'quote.expired@example.com');
      const nonRefundable = await book(economy, 'quote-economy-1', 'quote.economy@example.com');
      const refused = await nonRefundable.owner.post(`/api/bookings/${nonRefundable.id}/cancellation-quote`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('This ticket is non-refundable and cannot be cancelled');
      const first = cancellationQuoteSchema.parse((await owner.post(`/api/bookings/${id}/cancellation-quote`)).body);
      const second = cancellationQuoteSchema.parse((await owner.post(`/api/bookings/${id}/cancellation-quote`)).body);
      const replaced = await owner.post(`/api/bookings/${id}/cancel`).send({ quoteId: first.quoteId });
      expect(replaced.status).toBe(409);
      expect(replaced.body).toEqual({ success: false, message: 'This quote is no longer valid: ask for a new one' });
      harness.clock.advance(Date.parse(second.expiresAt) - harness.clock.now().getTime() + 1_000);
      const expired = await owner.post(`/api/bookings/${id}/cancel`).send({ quoteId: second.quoteId });
      expect(expired.status).toBe(409);
      expect(expired.body).toEqual({ success: false, message: 'This quote has expired: ask for a new one' });
      expect((await owner.post(`/api/bookings/${id}/cancel`).send({ quoteId: 42 })).status).toBe(400);
      expect((await harness.agent().post(`/api/bookings/${id}/cancellation-quote`)).status).toBe(401);
    },
    scaled(60_000),
  );
});
