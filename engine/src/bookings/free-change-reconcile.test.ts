import type { FlightOffer } from '@contrail/shared';
import { changeOfferViewSchema } from '@contrail/shared/booking/after-sale';
import { isInternationalOffer } from '@contrail/shared/booking/international';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sqlBackends } from '../test-support/sql.js';
import { eventually } from '../test-support/eventually.js';
import { loadBooking } from './booking-stream.js';
import { reconcile } from './reconcile/reconciler.js';
import { dateIn, bookAsTraveller, jfkLaxOffers, readModelsCaughtUp } from './test-support/booking-harness.js';
import { harnessPerBackend } from './test-support/harness-per-backend.js';

const context = { correlationId: 'free-change-reconcile-test', actor: 'test', brand: 'platform' };

/**
 * Issue 36's closing note: a free date change (nothing to pay, so no card payment) whose airline
 * answer was lost, and whose finish-purchase job ran out of tries with every lookup failing, is
 * found by the reconciler (the open-purchases read model) and finished the way a paid one is:
 * looked up at the airline first, then recorded confirmed or failed, once.
 */
describe.each(sqlBackends())('a free date change left open after its job gave up, on $name', (backend) => {
  const harness = harnessPerBackend(backend);
  const count = (types: string[], type: string) => types.filter((one) => one === type).length;

  /** A trip on a fare whose changes carry no penalty, and a change of its date that costs nothing. */
  async function freeChange(daysAhead: number, key: string) {
    const offer = (await jfkLaxOffers(harness, daysAhead)).find(
      (one: FlightOffer) =>
        !isInternationalOffer(one) &&
        one.slices.length === 1 &&
        one.conditions.change_before_departure?.allowed &&
        Number(one.conditions.change_before_departure.penalty_amount) === 0,
    );
    expect(offer, 'a fare whose changes are free').toBeDefined();
    const { owner, id } = await bookAsTraveller(harness, offer!, key);
    const search = { slices: [{ sliceIndex: 0, departureDate: dateIn(harness, daysAhead + 2) }] };
    const offers = z
      .array(changeOfferViewSchema)
      .parse((await owner.post(`/api/bookings/${id}/changes/search`).send(search).expect(200)).body);
    const free = offers.find((one) => Number(one.amount) === 0);
    expect(free, 'a change offer that costs nothing').toBeDefined();
    const body = { changeOfferId: free!.id, amount: free!.amount, currency: free!.currency };
    return { owner, id, body };
  }

  /** The purchase once its finish-purchase job failed for good: still open, its outcome unknown. */
  async function leftOpenByTheJob(id: string) {
    const { state } = await loadBooking(harness.deps.eventStore, id);
    if (state.phase !== 'confirmed' || !state.purchase) throw new Error('no open purchase');
    const { purchaseId } = state.purchase;
    const jobId = `finish-purchase-${id}-${purchaseId}`;
    // The saga queues the job from the recorded event (at once through the outbox, or a moment later).
    const outcome = await eventually(
      () => harness.jobs.waitForJob('finish-purchase', jobId, scaled(30_000)).catch(() => undefined),
      (done) => done !== undefined,
      scaled(30_000),
    );
    expect(outcome).toBe('failed');
    const after = await loadBooking(harness.deps.eventStore, id);
    expect(after.state.phase === 'confirmed' && after.state.purchase).toMatchObject({
      purchaseId,
      paymentId: null,
      outcomeUnknown: true,
    });
    return purchaseId;
  }

  const reconciled = async () => {
    await readModelsCaughtUp(harness);
    return reconcile(harness.booking, { repair: true, settleMs: 0, context });
  };

  it(
    'the airline made the change: the reconciler finds it there and records it once',
    async () => {
      const { owner, id, body } = await freeChange(40, 'free-change-made');
      const faults = harness.deps.duffelSandbox.faults;
      // The change is made and its answer lost; the request's lookup and every try of the job fail.
      faults.failAfterHandling(502, { pathIncludes: 'actions/confirm', method: 'POST' });
      faults.failNext(503, { pathIncludes: 'air/order_changes/', method: 'GET', times: 4 });
      const pending = await owner.post(`/api/bookings/${id}/changes`).send(body);
      expect(pending.status, JSON.stringify(pending.body)).toBe(202);
      const purchaseId = await leftOpenByTheJob(id);

      const report = await reconciled();
      expect(report.repairs).toEqual([expect.objectContaining({ kind: 'free-purchase-not-finished', bookingId: id })]);
      const { state, history } = await loadBooking(harness.deps.eventStore, id);
      const types = history.map(({ event }) => event.type);
      expect(count(types, 'PurchaseConfirmed')).toBe(1);
      expect(count(types, 'PurchaseFailed')).toBe(0);
      if (state.phase !== 'confirmed') throw new Error(state.phase);
      expect(state.purchase ?? null).toBeNull();
      expect(state.purchases).toMatchObject([{ purchaseId, paymentId: null }]);
      expect(state.booking.departsAt?.slice(0, 10)).toBe(dateIn(harness, 42));
      // Recorded once: a second run finds nothing left to do.
      const again = await reconciled();
      expect([again.repairs, again.mismatches]).toEqual([[], []]);
      expect(
        count(
          (await loadBooking(harness.deps.eventStore, id)).history.map(({ event }) => event.type),
          'PurchaseConfirmed',
        ),
      ).toBe(1);
    },
    scaled(120_000),
  );

  it(
    'the airline never got it: the reconciler finds no change there, fails it once, the trip keeps its dates',
    async () => {
      const { owner, id, body } = await freeChange(50, 'free-change-absent');
      const faults = harness.deps.duffelSandbox.faults;
      faults.failNext(502, { pathIncludes: 'actions/confirm', method: 'POST' });
      faults.failNext(503, { pathIncludes: 'air/order_changes/', method: 'GET', times: 4 });
      const pending = await owner.post(`/api/bookings/${id}/changes`).send(body);
      expect(pending.status, JSON.stringify(pending.body)).toBe(202);
      await leftOpenByTheJob(id);

      const report = await reconciled();
      expect(report.repairs).toEqual([expect.objectContaining({ kind: 'free-purchase-not-finished', bookingId: id })]);
      const { state, history } = await loadBooking(harness.deps.eventStore, id);
      const types = history.map(({ event }) => event.type);
      expect([count(types, 'PurchaseFailed'), count(types, 'PurchaseConfirmed')]).toEqual([1, 0]);
      if (state.phase !== 'confirmed') throw new Error(state.phase);
      expect(state.purchase ?? null).toBeNull();
      expect(state.booking.departsAt?.slice(0, 10)).toBe(dateIn(harness, 50));
      const again = await reconciled();
      expect([again.repairs, again.mismatches]).toEqual([[], []]);
    },
    scaled(120_000),
  );
});
