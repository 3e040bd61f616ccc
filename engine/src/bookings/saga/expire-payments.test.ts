import type { FlightOffer } from '@contrail/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../storage/sql.js';
import { singleAttempt } from '../../test-support/jobs.js';
import { sqlBackends } from '../../test-support/sql.js';
import { PaymentClaims } from '../checkout/payment-claims.js';
import {
  authorize,
  bookingBody,
  bookingHarness,
  readModelsCaughtUp,
  searchOffers,
  type BookingHarness,
} from '../test-support/booking-harness.js';
import { expirePaymentsHandler } from './holds.js';
import { reactionsTo } from './reactions.js';

const context = { correlationId: 'expire-payments-test', actor: 'test', brand: 'platform' };

/** The periodic sweep that gives back holds no booking took, in place of a delayed job per payment. */
describe.each(sqlBackends())('expire-payments on $name', { timeout: 60_000 }, (backend) => {
  let sql: SqlClient;
  let harness: BookingHarness;
  let offers: FlightOffer[];

  beforeAll(async () => {
    sql = await backend.open();
    // No workers: only the sweep run here voids anything.
    harness = await bookingHarness(sql, { workers: false, orderWaitMs: 200 });
    offers = await searchOffers(harness, 3);
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
    await sql?.close();
  });

  const sweep = async () => {
    await readModelsCaughtUp(harness);
    await expirePaymentsHandler(harness.booking)({}, singleAttempt('expire-payments'));
  };
  const status = async (paymentId: string) => (await harness.booking.payments.retrieve(paymentId)).status;
  const claims = () => new PaymentClaims(harness.deps.eventStore, harness.clock);

  it('voids, once their offers expired, the holds no booking took, and leaves a booking’s alone', async () => {
    const [first, second, third] = offers as [FlightOffer, FlightOffer, FlightOffer];
    const unused = (await authorize(harness, first)).body.paymentId as string;
    // The request that claimed it died before its booking started.
    const orphaned = (await authorize(harness, second)).body.paymentId as string;
    await claims().claim(orphaned, 'bkg_never_started', context);
    const booked = (await authorize(harness, third)).body.paymentId as string;
    const started = await harness
      .api()
      .post('/api/bookings')
      .set('Idempotency-Key', 'expire-payments-booked')
      .send(bookingBody(third, booked, 'expire-payments@example.com'));
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const authorized = (await harness.deps.eventStore.readStream(`payment-${unused}`))[0]!;
    expect(reactionsTo(authorized)).toEqual([]);

    await sweep();
    expect([await status(unused), await status(orphaned), await status(booked)]).toEqual([
      'authorized',
      'authorized',
      'authorized',
    ]);

    harness.clock.advance(45 * 60_000);
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
    const released = await harness.deps.eventStore.readStream(`payment-${unused}`);
    await sweep();
    expect(await harness.deps.eventStore.readStream(`payment-${unused}`)).toHaveLength(released.length);
    expect(await status(booked)).toBe('authorized');
  });
});
