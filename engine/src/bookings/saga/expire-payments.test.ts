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

  it('voids a hold no booking took once UNCLAIMED_HOLD_TIMEOUT has passed, not when its offer expires', async () => {
    const offer = suite.offers[3]!;
    const sql = suite.harness.deps.sql;
    const hold = async () => (await authorize(suite.harness, offer)).body.paymentId as string;
    const unclaimed = await hold();
    // Claimed by booking requests that never recorded their booking: one failed and was forgotten,
    // one was left pending for a repeat to resume, one is still running.
    const [forgotten, pending, running] = [await hold(), await hold(), await hold()];
    for (const [paymentId, state] of [
      [forgotten, undefined],
      [pending, 'pending'],
      [running, 'running'],
    ] as const) {
      await claims().claim(paymentId, `bkg_${paymentId}`, context);
      if (state)
        await sql.query(
          `INSERT INTO booking_requests (brand_key, idempotency_key, request_hash, booking_id, state)
           VALUES ('platform', $1, 'hash', $2, $3)`,
          [`key-${paymentId}`, `bkg_${paymentId}`, state],
        );
    }
    const holds = () => Promise.all([unclaimed, forgotten, pending, running].map(status));
    const timeout = suite.harness.booking.unclaimedHoldMs;

    suite.harness.clock.advance(timeout - 60_000);
    await sweep();
    expect(await holds()).toEqual(['authorized', 'authorized', 'authorized', 'authorized']);

    suite.harness.clock.advance(61_000);
    await sweep();
    expect(Date.parse(offer.expires_at)).toBeGreaterThan(suite.harness.clock.now().getTime());
    expect(await holds()).toEqual(['voided', 'voided', 'authorized', 'authorized']);
    expect((await claims().read(unclaimed)).status).toBe('released');

    // Both requests have been quiet as long: nothing will record their bookings any more.
    await sql.query(
      `UPDATE booking_requests SET updated_at = now() - $2::int * interval '1 millisecond' WHERE booking_id = ANY($1)`,
      [[`bkg_${pending}`, `bkg_${running}`], timeout + 1_000],
    );
    await sweep();
    expect(await holds()).toEqual(['voided', 'voided', 'voided', 'voided']);
  });

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
