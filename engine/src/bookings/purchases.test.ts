import type { FlightOffer } from '@contrail/shared';
import { changeOfferViewSchema, extraOptionSchema } from '@contrail/shared/booking/after-sale';
import { isInternationalOffer } from '@contrail/shared/booking/international';
import { toMinorUnits } from '@contrail/shared/booking/money';
import { formatPrice } from '@contrail/shared/results/format';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadBooking } from './booking-stream.js';
import {
  dateIn,
  DECLINED_CARD,
  TEST_CARD,
  bookAsTraveller,
  jfkLaxOffers,
  readModelsCaughtUp,
} from './test-support/booking-harness.js';
import { harnessPerBackend } from './test-support/harness-per-backend.js';
import { sqlBackends } from '../test-support/sql.js';
import { eventually } from '../test-support/eventually.js';
import { reconcile } from './reconcile/reconciler.js';

/**
 * Issue 36: changes and extras after booking, through the engine's routes, the Duffel sandbox's
 * order changes and services, and the Stripe sandbox: what is charged is what was shown.
 */
describe.each(sqlBackends().slice(0, 1))('changes and extras after booking on $name', (backend) => {
  const harness = harnessPerBackend(backend);

  async function changeableOffer(daysAhead: number): Promise<FlightOffer> {
    const found = await jfkLaxOffers(harness, daysAhead);
    const offer = found.find((one) => !isInternationalOffer(one) && one.conditions.change_before_departure?.allowed);
    expect(offer, `a changeable offer ${daysAhead} days ahead`).toBeDefined();
    return offer!;
  }

  const book = (offer: FlightOffer, key: string) => bookAsTraveller(harness, offer, key);

  /** What the Stripe sandbox captured for a purchase of the booking, in minor units. */
  async function captured(bookingId: string, purchaseId: string): Promise<number> {
    const { state } = await loadBooking(harness.deps.eventStore, bookingId);
    const settled =
      state.phase === 'confirmed' ? state.purchases?.find((one) => one.purchaseId === purchaseId) : undefined;
    expect(settled?.paymentId, 'the purchase was paid by card').toBeTruthy();
    return (await harness.booking.payments.retrieve(settled!.paymentId!)).received;
  }

  /** The email the saga sends once the airline confirmed a purchase. */
  async function updateEmail(bookingId: string, purchaseId: string) {
    const read = () =>
      harness.booking.sql.query<{ subject: string; text_body: string }>(
        'SELECT subject, text_body FROM email_outbox WHERE booking_id = $1 AND kind = $2',
        [bookingId, `updated-${purchaseId}`],
      );
    return (await eventually(read, ({ rows }) => rows.length === 1)).rows[0]!;
  }

  it(
    'changes the date, charging exactly the fare difference plus penalty shown, and shows the new flights',
    async () => {
      const { owner, id } = await book(await changeableOffer(40), 'change-date-1');
      const stranger = (await book(await changeableOffer(41), 'change-date-2')).owner;
      const search = { slices: [{ sliceIndex: 0, departureDate: dateIn(harness, 44) }] };
      await stranger.post(`/api/bookings/${id}/changes/search`).send(search).expect(404);
      await harness.agent().post(`/api/bookings/${id}/changes/search`).send(search).expect(401);
      await owner.post(`/api/bookings/${id}/changes/search`).send({ slices: [] }).expect(400);

      const found = await owner.post(`/api/bookings/${id}/changes/search`).send(search);
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      const offers = z.array(changeOfferViewSchema).parse(found.body);
      expect(offers.length).toBeGreaterThan(0);
      const chosen = offers[0]!;
      expect(Number(chosen.amount)).toBeCloseTo(Number(chosen.fareDifference) + Number(chosen.penalty), 2);
      expect(chosen.flights[0]!.departingAt.slice(0, 10)).toBe(dateIn(harness, 44));

      const body = {
        changeOfferId: chosen.id,
        amount: chosen.amount,
        currency: chosen.currency,
        cardDetails: TEST_CARD,
      };
      const wrong = await owner.post(`/api/bookings/${id}/changes`).send({ ...body, amount: '0.01' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('AMOUNT_MISMATCH');
      const declined = await owner.post(`/api/bookings/${id}/changes`).send({ ...body, cardDetails: DECLINED_CARD });
      expect(declined.status, JSON.stringify(declined.body)).toBe(402);
      expect(declined.body.message).toBe('Your card was declined.');

      // The airline's answer to the confirmation is lost: a lookup finds the change made, and it is paid.
      const second = offers[1] ?? chosen;
      harness.deps.duffelSandbox.faults.failAfterHandling(502, { pathIncludes: 'actions/confirm', method: 'POST' });
      const paid = await owner
        .post(`/api/bookings/${id}/changes`)
        .send({ ...body, changeOfferId: second.id, amount: second.amount });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body.message).toBe('Your flights have been changed');
      expect(await captured(id, paid.body.purchase.purchaseId)).toBe(toMinorUnits(second.amount, second.currency));

      const view = (await owner.get(`/api/bookings/${id}`).expect(200)).body;
      expect(view.bookingData.slices[0].departure_time.slice(0, 10)).toBe(dateIn(harness, 44));
      expect(view.bookingData.purchases).toMatchObject([{ kind: 'change', amount: second.amount }]);
      const { history } = await loadBooking(harness.deps.eventStore, id);
      const types = history.map(({ event }) => event.type);
      expect(types).toEqual(expect.arrayContaining(['PurchaseFailed', 'PurchaseConfirmed', 'PurchasePaymentCaptured']));
      const confirmed = history.find(({ event }) => event.type === 'PurchaseConfirmed')!.event;
      expect(confirmed.type === 'PurchaseConfirmed' && confirmed.data.repair).toMatch(/lookup/);
      const email = await updateEmail(id, paid.body.purchase.purchaseId);
      expect(email.subject).toMatch(/^Booking Updated - /);
      expect(email.text_body).toContain(`departs ${dateIn(harness, 44)}`);
      expect(email.text_body).toContain(
        `Change of flights: ${formatPrice(second.amount, second.currency)} charged to your card (this update).`,
      );
    },
    scaled(120_000),
  );

  it(
    'adds a bag, charging exactly the price shown, and lists it with the trip',
    async () => {
      const { owner, id } = await book(await changeableOffer(50), 'add-bag-1');
      const options = z
        .array(extraOptionSchema)
        .parse((await owner.get(`/api/bookings/${id}/extras`).expect(200)).body);
      expect(options.length).toBeGreaterThan(0);
      const bag = options[0]!;
      const paid = await owner.post(`/api/bookings/${id}/extras`).send({
        bags: [{ serviceId: bag.serviceId, quantity: 1 }],
        amount: bag.price,
        currency: bag.currency,
        cardDetails: TEST_CARD,
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body.message).toBe('Your bags have been added');
      expect(await captured(id, paid.body.purchase.purchaseId)).toBe(toMinorUnits(bag.price, bag.currency));
      const view = (await owner.get(`/api/bookings/${id}`).expect(200)).body;
      expect(view.bookingData.purchases).toMatchObject([
        { kind: 'extras', amount: bag.price, bags: [{ quantity: 1 }] },
      ]);
      const email = await updateEmail(id, paid.body.purchase.purchaseId);
      expect(email.text_body).toContain(
        `1 ${bag.kind === 'checked' ? 'checked' : 'carry-on'} bag(s): ${formatPrice(bag.price, bag.currency)} charged`,
      );
      await readModelsCaughtUp(harness);
      const report = await reconcile(harness.booking, {
        repair: false,
        settleMs: 0,
        context: { correlationId: 'purchases-test', actor: 'test', brand: 'platform' },
      });
      // Every purchase's payment belongs to its booking: the reconciler finds nothing to repair.
      expect(report.mismatches).toEqual([]);
    },
    scaled(120_000),
  );
});
