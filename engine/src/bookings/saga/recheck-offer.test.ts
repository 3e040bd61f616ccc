import type { FlightOffer } from '@contrail/shared';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { singleAttempt } from '../../test-support/jobs.js';
import { sqlBackends } from '../../test-support/sql.js';
import { workerlessSuite } from '../test-support/workerless-suite.js';
import { loadBooking } from '../booking-stream.js';
import { createOrderHandler } from './create-order.js';
import { recheckOfferHandler, recheckOffersHandler } from './recheck-offer.js';
import { authorize, bookingBody, readModelsCaughtUp } from '../test-support/booking-harness.js';

/** recheck-offer feeds verify-offer, and the periodic sweep takes checkouts in progress only (issue 9). */
describe.each(sqlBackends())('recheck-offer on $name', (backend) => {
  // No workers: a booking stays in checkout (started, no order) until a test runs its jobs.
  const suite = workerlessSuite(backend, 45);
  afterAll(() => {
    vi.restoreAllMocks();
  });

  const startCheckout = async (offer: FlightOffer, key: string): Promise<string> => {
    const payment = await authorize(suite.harness, offer);
    expect(payment.status, JSON.stringify(payment.body)).toBe(200);
    const started = await suite.harness
      .api()
      .post('/api/bookings')
      .set('Idempotency-Key', key)
      .send(bookingBody(offer, payment.body.paymentId, `${key}@example.com`));
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    return started.body.id as string;
  };

  it('answers verify-offer from a recheck done by a worker, without asking the provider again', async () => {
    const offer = suite.offers[0]!;
    const bookingId = await startCheckout(offer, 'recheck-feeds-verify');
    suite.harness.clock.advance(11_000);
    const getOffer = vi.spyOn(suite.harness.deps.flights!, 'getOffer');
    // The worker's deps are its own (as in workers/), sharing only the database with the engine.
    await recheckOfferHandler(suite.harness.booking)({ bookingId }, singleAttempt('recheck-offer'));
    expect(getOffer).toHaveBeenCalledTimes(1);
    const polls = await Promise.all(
      [1, 2, 3].map(() => suite.harness.api().get(`/api/flights/verify-offer/${offer.id}`)),
    );
    for (const poll of polls) {
      expect(poll.status, JSON.stringify(poll.body)).toBe(200);
      expect(poll.body).toMatchObject({ valid: true, offer_id: offer.id, expires_at: offer.expires_at });
    }
    expect(getOffer).toHaveBeenCalledTimes(1);
    suite.harness.clock.advance(10_000);
    expect((await suite.harness.api().get(`/api/flights/verify-offer/${offer.id}`)).status).toBe(200);
    expect(getOffer).toHaveBeenCalledTimes(2);
    getOffer.mockRestore();
  });

  it('sweeps the offers of checkouts in progress only', async () => {
    const [, waiting, confirmed, failed] = suite.offers;
    const waitingId = await startCheckout(waiting!, 'sweep-waiting');
    const confirmedId = await startCheckout(confirmed!, 'sweep-confirmed');
    const failedId = await startCheckout(failed!, 'sweep-failed');
    await createOrderHandler(suite.harness.booking)({ bookingId: confirmedId }, singleAttempt('create-order'));
    suite.harness.deps.duffelSandbox!.faults.expireOffer(failed!.id);
    await createOrderHandler(suite.harness.booking)({ bookingId: failedId }, singleAttempt('create-order'));
    suite.harness.deps.duffelSandbox!.faults.reset();
    const phases = async () =>
      Promise.all(
        [waitingId, confirmedId, failedId].map(
          async (id) => (await loadBooking(suite.harness.deps.eventStore, id)).state.phase,
        ),
      );
    expect(await phases()).toEqual(['started', 'confirmed', 'failed']);
    await readModelsCaughtUp(suite.harness);
    suite.harness.clock.advance(11_000);
    const getOffer = vi.spyOn(suite.harness.deps.flights!, 'getOffer');
    await recheckOffersHandler(suite.harness.booking)({}, singleAttempt('recheck-offers'));
    const checked = getOffer.mock.calls.map(([id]) => id);
    getOffer.mockRestore();
    expect(checked).toContain(waiting!.id);
    expect(checked).not.toContain(confirmed!.id);
    expect(checked).not.toContain(failed!.id);
    const stream = await suite.harness.deps.eventStore.readStream(`booking-${waitingId}`);
    expect(stream.at(-1)?.type).toBe('OfferVerified');
  });

  it('keeps a checkout whose offer is sold out because its own order was made but not recorded yet', async () => {
    const offer = suite.offers[4]!;
    const bookingId = await startCheckout(offer, 'recheck-own-order');
    const faults = suite.harness.deps.duffelSandbox!.faults;
    // The order is made and its answer lost; the lookups that would find it fail too: a later round orders.
    faults.failAfterHandling(500, { pathIncludes: '/air/orders', method: 'POST' });
    faults.failNext(503, { pathIncludes: '/air/orders', method: 'GET', times: 3 });
    await createOrderHandler(suite.harness.booking)({ bookingId }, singleAttempt('create-order'));
    const delayed = (await loadBooking(suite.harness.deps.eventStore, bookingId)).state;
    expect(delayed.phase === 'started' && delayed.orderDelay?.round).toBe(1);
    faults.reset();
    suite.harness.clock.advance(11_000);
    await recheckOfferHandler(suite.harness.booking)({ bookingId }, singleAttempt('recheck-offer'));
    expect((await loadBooking(suite.harness.deps.eventStore, bookingId)).state.phase).toBe('started');
    const retry = { ...singleAttempt('create-order'), attempt: 2, maxAttempts: 8, firstTry: false };
    await createOrderHandler(suite.harness.booking)({ bookingId, round: 1 }, retry);
    expect((await loadBooking(suite.harness.deps.eventStore, bookingId)).state.phase).toBe('confirmed');
    // Sold: the next traveller to open it learns so before entering passengers (issue 33).
    suite.harness.clock.advance(11_000);
    const verified = await suite.harness.api().get(`/api/flights/verify-offer/${offer.id}`);
    expect(verified.status, JSON.stringify(verified.body)).toBe(410);
    expect(verified.body).toMatchObject({ valid: false, error: 'OFFER_EXPIRED' });
  });
});
