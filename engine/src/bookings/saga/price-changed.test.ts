import { DEFAULT_BRAND_KEY } from '@contrail/shared';
import { PRICE_CHANGED_MESSAGE } from '@contrail/shared/booking/failure';
import { fromMinorUnits } from '@contrail/shared/booking/money';
import { describe, expect, it } from 'vitest';
import { singleAttempt } from '../../test-support/jobs.js';
import { sqlBackends } from '../../test-support/sql.js';
import { loadBooking } from '../booking-stream.js';
import { chargeFor } from '../domain/pricing.js';
import { BookingReadModel } from '../read-model/queries.js';
import { bookingViewOf } from '../read-model/view.js';
import { authorize, bookingBody, readModelsCaughtUp } from '../test-support/booking-harness.js';
import { workerlessSuite } from '../test-support/workerless-suite.js';
import { createOrderHandler } from './create-order.js';

/** Issue 39 item 6: the airline's price_changed is recorded as a price change, not as an expired offer. */
describe.each(sqlBackends())('an order refused with price_changed on $name', (backend) => {
  // No workers: the booking stays in checkout until the test runs its order job.
  const suite = workerlessSuite(backend, 1);

  it('fails the booking as PRICE_CHANGED, in its stream and in the bookings read model', async () => {
    const offer = suite.offers[0]!;
    const payment = await authorize(suite.harness, offer);
    const started = await suite.harness
      .api()
      .post('/api/bookings')
      .set('Idempotency-Key', 'price-changed')
      .send(bookingBody(offer, payment.body.paymentId, 'price-changed@example.com'));
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const bookingId = started.body.id as string;

    suite.harness.deps.duffelSandbox!.faults.changePrice(offer.id, 1.2);
    await createOrderHandler(suite.harness.booking)({ bookingId }, singleAttempt('create-order'));
    suite.harness.deps.duffelSandbox!.faults.reset();

    const { state } = await loadBooking(suite.harness.deps.eventStore, bookingId);
    expect(state).toMatchObject({ phase: 'failed', failureCode: 'PRICE_CHANGED', offerExpired: false });
    await readModelsCaughtUp(suite.harness);
    const row = await new BookingReadModel(suite.harness.deps.sql).get(bookingId);
    expect(row).toMatchObject({ status: 'failed', failureCode: 'PRICE_CHANGED' });
    expect(bookingViewOf(row!, new Date(), []).failureCode).toBe('PRICE_CHANGED');

    // The traveller asking again (the same request) is told the price changed, not that the offer expired.
    const told = await suite.harness
      .api()
      .post('/api/bookings')
      .set('Idempotency-Key', 'price-changed')
      .send(bookingBody(offer, payment.body.paymentId, 'price-changed@example.com'));
    expect(told.status, JSON.stringify(told.body)).toBe(409);
    expect(told.body).toMatchObject({ code: 'PRICE_CHANGED', message: PRICE_CHANGED_MESSAGE });
    // ...and what it costs now, for the price-change dialog: the airline's new total at the brand's markup.
    const brand = (await suite.harness.booking.brands.find(DEFAULT_BRAND_KEY))!;
    const newCents = Math.round(Math.round(Number(offer.total_amount) * 100) * 1.2);
    const newTotal = { total_amount: (newCents / 100).toFixed(2), total_currency: offer.total_currency };
    const full = await suite.harness.deps.flights!.getOffer(offer.id);
    const newPrice = chargeFor({ ...full, ...newTotal }, brand.pricing).price;
    expect(told.body.newPrice).toEqual({
      amount: fromMinorUnits(newPrice.amount, newPrice.currency),
      currency: newPrice.currency,
    });
  });
});
