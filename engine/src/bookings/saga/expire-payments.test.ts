import type { FlightOffer } from '@contrail/shared';
import { describe, expect, it } from 'vitest';
import { singleAttempt } from '../../test-support/jobs.js';
import { sqlBackends } from '../../test-support/sql.js';
import { workerlessSuite } from '../test-support/workerless-suite.js';
import { PaymentClaims } from '../checkout/payment-claims.js';
import { authorize, bookingBody, readModelsCaughtUp } from '../test-support/booking-harness.js';
import { expirePaymentsHandler } from './holds.js';
import { reactionsTo } from './reactions.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

const context = { correlationId: 'expire-payments-test', actor: 'test', brand: 'platform' };

/** The periodic sweep that gives back holds no booking took, in place of a delayed job per payment. */
describe.each(sqlBackends())('expire-payments on $name', { timeout: scaled(60_000) }, (backend) => {
  // No workers: only the sweep run here voids anything.
  const suite = workerlessSuite(backend, 3);

  const sweep = async () => {
    await readModelsCaughtUp(suite.harness);
    await expirePaymentsHandler(suite.harness.booking)({}, singleAttempt('expire-payments'));
  };
  const status = async (paymentId: string) => (await suite.harness.booking.payments.retrieve(paymentId)).status;
  const claims = () => new PaymentClaims(suite.harness.deps.eventStore, suite.harness.clock);

  it('voids, once their offers expired, the holds no booking took, and leaves a booking’s alone', async () => {
    const [first, second, third] = suite.offers as [FlightOffer, FlightOffer, FlightOffer];
    const unused = (await authorize(suite.harness, first)).body.paymentId as string;
    // The request that claimed it died before its booking started.
    const orphaned = (await authorize(suite.harness, second)).body.paymentId as string;
    await claims().claim(orphaned, 'bkg_never_started', context);
    const booked = (await authorize(suite.harness, third)).body.paymentId as string;
    const started = await suite.harness
      .api()
      .post('/api/bookings')
      .set('Idempotency-Key', 'expire-payments-booked')
      .send(bookingBody(third, booked, 'expire-payments@example.com'));
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const authorized = (await suite.harness.deps.eventStore.readStream(`payment-${unused}`))[0]!;
    expect(reactionsTo(authorized)).toEqual([]);

    await sweep();
    expect([await status(unused), await status(orphaned), await status(booked)]).toEqual([
      'authorized',
      'authorized',
      'authorized',
    ]);

    suite.harness.clock.advance(45 * 60_000);
    await sweep();
    expect([await status(unused), await status(orphaned), await status(booked)]).toEqual([
      'voided',
      'voided',
      'authorized',
    ]);
    expect((await claims().read(unused)).status).toBe('released');
    expect((await claims().read(orphaned)).status).toBe('released');
    expect((await claims().read(booked)).status).toBe('claimed');

    // Again (the next minute's sweep, a second worker): nothing more happens.
    const released = await suite.harness.deps.eventStore.readStream(`payment-${unused}`);
    await sweep();
    expect(await suite.harness.deps.eventStore.readStream(`payment-${unused}`)).toHaveLength(released.length);
    expect(await status(booked)).toBe('authorized');
  });
});
