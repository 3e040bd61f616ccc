import { priceChangeOf } from '@contrail/shared/booking/price-change';
import { toMinorUnits } from '@contrail/shared/booking/money';
import { describe, expect, it } from 'vitest';
import { singleAttempt } from '../../test-support/jobs.js';
import { sqlBackends } from '../../test-support/sql.js';
import { loadBooking } from '../booking-stream.js';
import { authorize, bookingBody, shownPrice, TEST_CARD } from '../test-support/booking-harness.js';
import { workerlessSuite } from '../test-support/workerless-suite.js';
import { createOrderHandler } from './create-order.js';

/**
 * Issue 36: the airline answers the order with price_changed; the traveller accepts the new price,
 * the same passengers are sent again with a card authorized for the new total only, and the booking
 * records which price was seen and which was agreed, then is confirmed at the new price.
 */
describe.each(sqlBackends())('a price change accepted after the airline refused the order on $name', (backend) => {
  const suite = workerlessSuite(backend, 1);

  it('books at the new price, with the change recorded and the card authorized for the new total', async () => {
    const { harness } = suite;
    const offer = suite.offers[0]!;
    const seen = shownPrice(offer);
    const firstPayment = await authorize(harness, offer);
    const first = await harness
      .api()
      .post('/api/bookings')
      .set('Idempotency-Key', 'before-the-change')
      .send(bookingBody(offer, firstPayment.body.paymentId, 'accepts@example.com'));
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    const sandbox = harness.deps.duffelSandbox!;
    sandbox.faults.changePrice(offer.id, 1.2);
    try {
      await createOrderHandler(harness.booking)({ bookingId: first.body.id }, singleAttempt('create-order'));
      const told = await harness
        .api()
        .post('/api/bookings')
        .set('Idempotency-Key', 'before-the-change')
        .send(bookingBody(offer, firstPayment.body.paymentId, 'accepts@example.com'));
      expect(told.status).toBe(409);
      const change = priceChangeOf(told.body, { total: seen.amount, extras: 0, currency: seen.currency });
      expect(change).not.toBeNull();
      expect(change!.newTotal).toBeGreaterThan(seen.amount);

      // The old total is refused by the card check too, which tells the same new total.
      const stale = await authorize(harness, offer);
      expect(stale.status).toBe(400);
      expect(priceChangeOf(stale.body, { total: seen.amount, extras: 0, currency: seen.currency })).toEqual(change);

      const payment = await harness
        .api()
        .post('/api/payments/process-card')
        .send({ offerId: offer.id, amount: change!.newTotal, currency: seen.currency, cardDetails: TEST_CARD });
      expect(payment.status, JSON.stringify(payment.body)).toBe(200);
      const paymentId = payment.body.paymentId as string;
      const body = bookingBody(offer, paymentId, 'accepts@example.com');
      const again = await harness
        .api()
        .post('/api/bookings')
        .set('Idempotency-Key', 'after-the-change')
        .send({
          ...body,
          paymentDetails: { ...body.paymentDetails, amount: change!.newTotal },
          priceChange: { previousAmount: seen.amount },
        });
      expect(again.status, JSON.stringify(again.body)).toBe(202);
      const bookingId = again.body.id as string;

      const newTotal = { amount: toMinorUnits(change!.newTotal, seen.currency), currency: seen.currency };
      const { history } = await loadBooking(harness.deps.eventStore, bookingId);
      expect(history.find(({ event }) => event.type === 'PriceChangeAccepted')?.event.data).toMatchObject({
        previousTotal: { amount: toMinorUnits(seen.amount, seen.currency), currency: seen.currency },
        newTotal,
      });
      expect((await harness.deps.payments!.retrieve(paymentId)).amount).toEqual(newTotal);

      await createOrderHandler(harness.booking)({ bookingId }, singleAttempt('create-order'));
      const { state } = await loadBooking(harness.deps.eventStore, bookingId);
      expect(state.phase).toBe('confirmed');
      expect(state.phase === 'confirmed' && state.payment).toMatchObject({ status: 'captured', amount: newTotal });
    } finally {
      sandbox.faults.reset();
    }
  });
});
