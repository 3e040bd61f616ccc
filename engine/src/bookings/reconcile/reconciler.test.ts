import type { FlightOffer } from '@contrail/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { sqlBackends } from '../../test-support/sql.js';
import { toMinorUnits } from '@contrail/shared/booking/money';
import { loadBooking } from '../booking-stream.js';
import { PaymentClaims } from '../checkout/payment-claims.js';
import { orderInputOf } from '../domain/order-input.js';
import type { InCheckout } from '../domain/state.js';
import { openPassengers } from '../pii/passengers.js';
import { createOrderHandler } from '../saga/create-order.js';
import {
  authorize,
  bookingBody,
  searchOffers,
  shownPrice,
  TEST_CARD,
  readModelsCaughtUp,
} from '../test-support/booking-harness.js';
import { harnessPerBackend } from '../test-support/harness-per-backend.js';
import { reconcile } from './reconciler.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

const context = { correlationId: 'reconcile-test', actor: 'test', brand: 'platform' };
const job = (jobId: string) => ({ queue: 'create-order' as const, jobId, attempt: 1, maxAttempts: 3, firstTry: true });

/**
 * The reconciler against the real sandboxes. No job workers run: each case leaves a booking where
 * a dead process would have left it, then reconciles.
 */
describe.each(sqlBackends())('the reconciler on $name', { timeout: scaled(60_000) }, (backend) => {
  const harness = harnessPerBackend(backend, { workers: false, orderWaitMs: 300 });
  let offers: FlightOffer[];
  let next = 0;
  /** The reconciler reads the bookings and card payments read models: they first take in every event so far. */
  const run = async (repair = true) => {
    await readModelsCaughtUp(harness);
    return reconcile(harness.booking, { repair, settleMs: 0, context });
  };
  /** A booking recorded by POST /api/bookings, its order job not run (202 pending). */
  const pending = async (key: string): Promise<InCheckout> => {
    const offer = offers[next++]!;
    const payment = await authorize(harness, offer);
    const answer = await harness
      .api()
      .post('/api/bookings')
      .set('Idempotency-Key', key)
      .send(bookingBody(offer, payment.body.paymentId, `${key}@example.com`));
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    return (await loadBooking(harness.deps.eventStore, answer.body.id)).state as InCheckout;
  };
  const orderAtProvider = async (state: InCheckout) =>
    harness.deps.flights!.createOrder(
      orderInputOf(state, await openPassengers(harness.booking.vault, state.passengers)),
    );

  beforeAll(async () => {
    offers = await searchOffers(harness, 60);
  }, scaled(120_000));

  it('records an order whose answer was lost; the order job then captures and confirms it', async () => {
    const state = await pending('lost-answer-1');
    const order = await orderAtProvider(state);
    const report = await run();
    expect(report.repairs).toEqual([expect.objectContaining({ kind: 'order-not-recorded', orderId: order.id })]);
    const { state: after } = await loadBooking(harness.deps.eventStore, state.booking.bookingId);
    expect(after.order?.orderId).toBe(order.id);
    await createOrderHandler(harness.booking)({ bookingId: state.booking.bookingId }, job('found-1'));
    expect((await loadBooking(harness.deps.eventStore, state.booking.bookingId)).state.phase).toBe('confirmed');
    expect((await run()).mismatches).toEqual([]);
  });

  it('records a capture the order job made before it died, and confirms', async () => {
    const state = await pending('lost-capture-1');
    const order = await orderAtProvider(state);
    await harness.booking.payments.capture(state.payment!.paymentId, {
      idempotencyKey: `capture-${state.booking.bookingId}`,
    });
    const report = await run();
    expect(report.repairs.map((repair) => repair.kind).sort()).toEqual(['capture-not-recorded', 'order-not-recorded']);
    const { state: after } = await loadBooking(harness.deps.eventStore, state.booking.bookingId);
    expect(after).toMatchObject({ phase: 'confirmed', order: { orderId: order.id }, payment: { status: 'captured' } });
  });

  it('cancels the order of a booking that failed, and voids the hold, each with a reason', async () => {
    const state = await pending('stray-order-1');
    const order = await orderAtProvider(state);
    await harness.booking.eventStore.append(
      `booking-${state.booking.bookingId}`,
      [
        {
          type: 'OrderFailed',
          data: { reason: 'the provider said no', code: null, at: harness.clock.now().toISOString() },
          metadata: {
            eventId: crypto.randomUUID(),
            correlationId: 'c',
            causationId: null,
            actor: 'test',
            brand: 'default',
            timestamp: harness.clock.now().toISOString(),
          },
        },
      ],
      'any',
    );
    const report = await run();
    expect(report.repairs.map((repair) => repair.kind).sort()).toEqual([
      'hold-of-failed-booking',
      'order-of-failed-booking',
    ]);
    expect((await harness.deps.flights!.getOrder(order.id)).cancelled_at).not.toBeNull();
    expect((await harness.booking.payments.retrieve(state.payment!.paymentId)).status).toBe('voided');
    const history = await harness.deps.eventStore.readStream(`booking-${state.booking.bookingId}`);
    expect(history.map((event) => event.type)).toEqual(
      expect.arrayContaining(['StrayOrderCancelled', 'PaymentVoided']),
    );
    expect((await run()).mismatches).toEqual([]);
  });

  it('voids an authorization no booking took once its offer expired, lists a capture without a booking, and repairs nothing in a dry run', async () => {
    const unused = await authorize(harness, offers[next++]!);
    const orphan = await authorize(harness, offers[next++]!);
    await harness.booking.payments.capture(orphan.body.paymentId, { idempotencyKey: 'orphan-capture' });
    harness.clock.advance(45 * 60_000);
    const looked = await run(false);
    expect(looked.repairs).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'unused-hold', paymentId: unused.body.paymentId })]),
    );
    expect((await harness.booking.payments.retrieve(unused.body.paymentId)).status).toBe('authorized');
    const report = await run();
    expect(report.mismatches).toEqual([
      expect.objectContaining({ kind: 'capture-without-booking', paymentId: orphan.body.paymentId }),
    ]);
    expect((await harness.booking.payments.retrieve(unused.body.paymentId)).status).toBe('voided');
    expect(report.counts.bookings.confirmed).toBe(2);
  });

  it('voids an authorization the engine never recorded (it died before it could) once its offer expired', async () => {
    const offer = offers[next++]!;
    const authorized = await harness.booking.payments.authorize({
      amount: { amount: toMinorUnits(shownPrice(offer).amount, offer.total_currency), currency: offer.total_currency },
      card: TEST_CARD,
      idempotencyKey: 'authorize-died-before-recording',
      metadata: { offer_id: offer.id, brand: 'default' },
    });
    if (authorized.outcome !== 'authorized') throw new Error('expected an authorization');
    const { paymentId, createdAt } = authorized.payment;
    const findings = (report: Awaited<ReturnType<typeof run>>) =>
      report.repairs.filter((repair) => repair.paymentId === paymentId);

    harness.clock.set(new Date(Date.parse(createdAt) + 60_000));
    expect(findings(await run(false))).toEqual([]);
    harness.clock.set(new Date(Date.parse(createdAt) + 45 * 60_000));
    expect(findings(await run(false))).toEqual([expect.objectContaining({ kind: 'unrecorded-hold' })]);
    expect((await harness.booking.payments.retrieve(paymentId)).status).toBe('authorized');

    expect(findings(await run())).toEqual([expect.objectContaining({ kind: 'unrecorded-hold' })]);
    expect((await harness.booking.payments.retrieve(paymentId)).status).toBe('voided');
    const record = await new PaymentClaims(harness.deps.eventStore, harness.clock).read(paymentId);
    expect(record).toMatchObject({ status: 'released', authorization: { offerId: offer.id, brandKey: 'default' } });
    expect(findings(await run())).toEqual([]);
  });
});
