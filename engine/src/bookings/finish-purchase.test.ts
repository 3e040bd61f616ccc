import type { FlightOffer } from '@contrail/shared';
import { changeOfferViewSchema } from '@contrail/shared/booking/after-sale';
import { isInternationalOffer } from '@contrail/shared/booking/international';
import { toMinorUnits } from '@contrail/shared/booking/money';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadBooking } from './booking-stream.js';
import {
  dateIn,
  readModelsCaughtUp,
  TEST_CARD,
  bookAsTraveller,
  jfkLaxOffers,
} from './test-support/booking-harness.js';
import { harnessPerBackend } from './test-support/harness-per-backend.js';
import { sqlBackends } from '../test-support/sql.js';
import { eventually } from '../test-support/eventually.js';
import { reconcile } from './reconcile/reconciler.js';

/**
 * Issue 36: a change bought after booking whose confirmation answer is lost and whose lookup fails
 * too is left open by the request (202); the finish-purchase job, derived from the recorded
 * PurchaseOutcomeUnknown, looks it up again (retrying a failing lookup) and captures or voids, once.
 */
describe.each(sqlBackends().slice(0, 1))('a purchase whose airline answer is unknown, on $name', (backend) => {
  const harness = harnessPerBackend(backend);

  async function bookChangeable(daysAhead: number, key: string) {
    const found = await jfkLaxOffers(harness, daysAhead);
    const offer = found.find(
      (one: FlightOffer) => !isInternationalOffer(one) && one.conditions.change_before_departure?.allowed,
    )!;
    const { owner, id } = await bookAsTraveller(harness, offer, key);
    const search = { slices: [{ sliceIndex: 0, departureDate: dateIn(harness, daysAhead + 3) }] };
    const offers = z
      .array(changeOfferViewSchema)
      .parse((await owner.post(`/api/bookings/${id}/changes/search`).send(search).expect(200)).body);
    const chosen = offers.find((one) => Number(one.amount) > 0)!;
    expect(chosen, 'a change offer that costs something').toBeDefined();
    const body = { changeOfferId: chosen.id, amount: chosen.amount, currency: chosen.currency, cardDetails: TEST_CARD };
    return { owner, id, chosen, body };
  }

  /** The booking's stream once its purchase is settled or failed (the job has run). */
  async function finished(id: string) {
    const settled = async () => {
      const { state, history } = await loadBooking(harness.deps.eventStore, id);
      return { state, types: history.map(({ event }) => event.type), history };
    };
    return eventually(settled, ({ state }) => state.phase === 'confirmed' && !state.purchase, scaled(30_000));
  }

  const count = (types: string[], type: string) => types.filter((one) => one === type).length;

  it(
    'the airline made the change: the job finds it after a failing lookup, captures once, moves the trip',
    async () => {
      const { owner, id, chosen, body } = await bookChangeable(40, 'finish-made');
      const faults = harness.deps.duffelSandbox.faults;
      // The confirmation is made and its answer lost; the request's lookup and the job's first two fail.
      faults.failAfterHandling(502, { pathIncludes: 'actions/confirm', method: 'POST' });
      faults.failNext(503, { pathIncludes: 'air/order_changes/', method: 'GET', times: 3 });
      const pending = await owner.post(`/api/bookings/${id}/changes`).send(body);
      expect(pending.status, JSON.stringify(pending.body)).toBe(202);

      const { state, types, history } = await finished(id);
      expect(count(types, 'PurchaseOutcomeUnknown')).toBe(1);
      expect(count(types, 'PurchaseConfirmed')).toBe(1);
      expect(count(types, 'PurchasePaymentCaptured')).toBe(1);
      expect(count(types, 'PurchaseFailed')).toBe(0);
      const confirmed = history.find(({ event }) => event.type === 'PurchaseConfirmed')!;
      expect(confirmed.event.type === 'PurchaseConfirmed' && confirmed.event.data.repair).toMatch(/finish-purchase/);
      if (state.phase !== 'confirmed') throw new Error(state.phase);
      const paid = state.purchases!.at(-1)!;
      const payment = await harness.booking.payments.retrieve(paid.paymentId!);
      expect([payment.status, payment.received]).toEqual(['captured', toMinorUnits(chosen.amount, chosen.currency)]);
      expect(state.booking.departsAt?.slice(0, 10)).toBe(dateIn(harness, 43));
      // A late retry by the traveller changes nothing: the change is settled.
      const again = await owner.post(`/api/bookings/${id}/changes`).send(body);
      expect(again.status).not.toBe(500);
      expect(count((await finished(id)).types, 'PurchasePaymentCaptured')).toBe(1);
      await readModelsCaughtUp(harness);
      const report = await reconcile(harness.booking, {
        repair: false,
        settleMs: 0,
        context: { correlationId: 'finish-purchase-test', actor: 'test', brand: 'platform' },
      });
      expect(report.mismatches).toEqual([]);
      expect(report.repairs).toEqual([]);
    },
    scaled(120_000),
  );

  it(
    'the airline never got the confirmation: the job finds no change and voids the card, the trip stays',
    async () => {
      const { owner, id, body } = await bookChangeable(50, 'finish-absent');
      const faults = harness.deps.duffelSandbox.faults;
      faults.failNext(502, { pathIncludes: 'actions/confirm', method: 'POST' });
      faults.failNext(503, { pathIncludes: 'air/order_changes/', method: 'GET', times: 2 });
      const pending = await owner.post(`/api/bookings/${id}/changes`).send(body);
      expect(pending.status, JSON.stringify(pending.body)).toBe(202);

      const { state, types, history } = await finished(id);
      expect(count(types, 'PurchaseOutcomeUnknown')).toBe(1);
      expect(count(types, 'PurchaseFailed')).toBe(1);
      expect(count(types, 'PurchaseConfirmed')).toBe(0);
      const failed = history.find(({ event }) => event.type === 'PurchaseFailed')!.event;
      if (failed.type !== 'PurchaseFailed') throw new Error('no failure');
      expect(failed.data.voidedPaymentId).toBeTruthy();
      expect((await harness.booking.payments.retrieve(failed.data.voidedPaymentId!)).status).toBe('voided');
      if (state.phase === 'none') throw new Error('no booking');
      expect(state.booking.departsAt?.slice(0, 10)).toBe(dateIn(harness, 50));
      await readModelsCaughtUp(harness);
      const report = await reconcile(harness.booking, {
        repair: false,
        settleMs: 0,
        context: { correlationId: 'finish-purchase-test', actor: 'test', brand: 'platform' },
      });
      expect(report.mismatches).toEqual([]);
    },
    scaled(120_000),
  );
});
