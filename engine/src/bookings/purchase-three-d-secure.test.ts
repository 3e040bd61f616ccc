import type { FlightOffer } from '@contrail/shared';
import {
  BANK_CHECK_WINDOW_MINUTES,
  changeOfferViewSchema,
  extraOptionSchema,
} from '@contrail/shared/booking/after-sale';
import { isInternationalOffer } from '@contrail/shared/booking/international';
import { toMinorUnits } from '@contrail/shared/booking/money';
import { AUTHENTICATION_REQUIRED } from '@contrail/shared/booking/refusal-codes';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sqlBackends } from '../test-support/sql.js';
import { singleAttempt } from '../test-support/jobs.js';
import { loadBooking } from './booking-stream.js';
import { expireBankCheckHandler } from './manage/expire-bank-check.js';
import { reactionsTo } from './saga/reactions.js';
import {
  dateIn,
  TEST_CARD,
  type BookingHarness,
  bookAsTraveller,
  jfkLaxOffers,
} from './test-support/booking-harness.js';
import { harnessPerBackend } from './test-support/harness-per-backend.js';

const THREE_D_SECURE = { ...TEST_CARD, number: '4000 0000 0000 3220' };
const RETURN_PATH = '/my-trips?purchase=1';

/**
 * Issue 36: bags, seats and changes after booking paid through the bank's 3-D Secure check, as
 * checkout and Pay Now are: the challenge, the return read from the processor's status, then the
 * airline confirms and the card is captured once; an abandoned check is given up after a while.
 */
describe.each(sqlBackends())('paying for extras after booking with 3-D Secure on $name', (backend) => {
  const harness = harnessPerBackend(backend);

  async function domesticOffer(daysAhead: number, changeable = false): Promise<FlightOffer> {
    const found = await jfkLaxOffers(harness, daysAhead);
    const offer = found.find(
      (one) => !isInternationalOffer(one) && (!changeable || one.conditions.change_before_departure?.allowed),
    );
    expect(offer, `an offer ${daysAhead} days ahead`).toBeDefined();
    return offer!;
  }

  async function book(daysAhead: number, key: string, changeable = false) {
    const offer = await domesticOffer(daysAhead, changeable);
    const { owner, id } = await bookAsTraveller(harness, offer, key);
    const options = z.array(extraOptionSchema).parse((await owner.get(`/api/bookings/${id}/extras`).expect(200)).body);
    expect(options.length).toBeGreaterThan(0);
    const bag = options[0]!;
    const request = { bags: [{ serviceId: bag.serviceId, quantity: 1 }], amount: bag.price, currency: bag.currency };
    return { owner, id, bag, request };
  }

  /** The traveller's browser on the sandbox's bank page: the button's form, then where it is sent back to. */
  async function answerChallenge(url: URL, outcome: 'complete' | 'fail') {
    const answered = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: url.searchParams.get('client_secret')!, outcome }),
      redirect: 'manual',
    });
    expect(answered.status).toBe(303);
    return new URL(answered.headers.get('location')!);
  }

  async function challenge(trip: Awaited<ReturnType<typeof book>>) {
    const res = await trip.owner
      .post(`/api/bookings/${trip.id}/extras`)
      .send({ ...trip.request, cardDetails: THREE_D_SECURE, returnPath: RETURN_PATH });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ success: false, error: AUTHENTICATION_REQUIRED });
    return {
      purchaseId: res.body.purchase.purchaseId as string,
      paymentId: res.body.paymentId as string,
      url: new URL(res.body.redirectUrl as string),
    };
  }

  const back = (
    trip: { owner: ReturnType<BookingHarness['agent']>; id: string },
    purchaseId: string,
    paymentId: string,
  ) => trip.owner.post(`/api/bookings/${trip.id}/purchases/${purchaseId}/authentication`).send({ paymentId });

  const openPurchase = async (id: string) => {
    const { state } = await loadBooking(harness.deps.eventStore, id);
    return state.phase === 'confirmed' ? (state.purchase ?? null) : undefined;
  };

  it(
    'adds the bag and captures its price once, only after the bank authenticated the card',
    async () => {
      const trip = await book(50, 'secure-bag-1');
      const { purchaseId, paymentId, url } = await challenge(trip);
      // The purchase waits for the bank: requested, nothing authorized, nothing failed.
      expect(await openPurchase(trip.id)).toMatchObject({ purchaseId, status: 'requested', paymentId: null });
      const early = await back(trip, purchaseId, paymentId);
      expect(early.status, JSON.stringify(early.body)).toBe(409);
      expect(await openPurchase(trip.id)).toMatchObject({ purchaseId, status: 'requested' });

      const returned = await answerChallenge(url, 'complete');
      expect(returned.pathname).toBe('/my-trips');
      expect(returned.searchParams.get('payment_intent')).toBe(paymentId);
      const done = await back(trip, purchaseId, paymentId);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.message).toBe('Your bags have been added');
      expect((await back(trip, purchaseId, paymentId)).status).toBe(200);

      const { state, history } = await loadBooking(harness.deps.eventStore, trip.id);
      if (state.phase !== 'confirmed') throw new Error(`not confirmed: ${state.phase}`);
      expect(state.purchase ?? null).toBeNull();
      expect(state.purchases).toMatchObject([{ purchaseId, paymentId }]);
      const types = history.map(({ event }) => event.type);
      expect(types.filter((type) => type === 'PurchasePaymentCaptured')).toHaveLength(1);
      expect(types).not.toContain('PurchaseFailed');
      const charged = await harness.booking.payments.retrieve(paymentId);
      expect(charged).toMatchObject({ status: 'captured', received: toMinorUnits(trip.bag.price, trip.bag.currency) });
      const view = (await trip.owner.get(`/api/bookings/${trip.id}`).expect(200)).body;
      expect(view.bookingData.purchases).toMatchObject([{ kind: 'extras', amount: trip.bag.price }]);
    },
    scaled(120_000),
  );

  it(
    'changes the date with a 3-D Secure card: the fare difference and penalty are captured once, after the check',
    async () => {
      const trip = await book(54, 'secure-change-1', true);
      const found = await trip.owner
        .post(`/api/bookings/${trip.id}/changes/search`)
        .send({ slices: [{ sliceIndex: 0, departureDate: dateIn(harness, 57) }] });
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      const offer = z.array(changeOfferViewSchema).parse(found.body)[0]!;
      const asked = await trip.owner.post(`/api/bookings/${trip.id}/changes`).send({
        changeOfferId: offer.id,
        amount: offer.amount,
        currency: offer.currency,
        cardDetails: THREE_D_SECURE,
        returnPath: RETURN_PATH,
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(202);
      expect(asked.body.error).toBe(AUTHENTICATION_REQUIRED);
      const { paymentId } = asked.body as { paymentId: string };
      const purchaseId = asked.body.purchase.purchaseId as string;
      await answerChallenge(new URL(asked.body.redirectUrl as string), 'complete');
      const done = await back(trip, purchaseId, paymentId);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.message).toBe('Your flights have been changed');
      const charged = await harness.booking.payments.retrieve(paymentId);
      expect(charged).toMatchObject({ status: 'captured', received: toMinorUnits(offer.amount, offer.currency) });
      const view = (await trip.owner.get(`/api/bookings/${trip.id}`).expect(200)).body;
      expect(view.bookingData.slices[0].departure_time.slice(0, 10)).toBe(dateIn(harness, 57));
    },
    scaled(120_000),
  );

  it(
    'answers a failed check as a card failure, another trip or another traveller as not found, and no one signed out',
    async () => {
      const trip = await book(51, 'secure-bag-2');
      const { purchaseId, paymentId, url } = await challenge(trip);
      await answerChallenge(url, 'fail');
      const failed = await back(trip, purchaseId, paymentId);
      expect(failed.status, JSON.stringify(failed.body)).toBe(402);
      expect(failed.body.message).toBe('Your bank could not authenticate this payment.');
      expect(await openPurchase(trip.id)).toMatchObject({ purchaseId, status: 'requested', paymentId: null });

      const other = await book(52, 'secure-bag-3');
      // The other trip's owner, with this trip's payment, on their own trip: not theirs.
      expect((await back(other, purchaseId, paymentId)).status).toBe(404);
      // Another traveller on this trip.
      expect((await back({ owner: other.owner, id: trip.id }, purchaseId, paymentId)).status).toBe(404);
      expect((await back(trip, purchaseId, 'not a payment id')).status).toBe(400);
      await harness
        .api()
        .post(`/api/bookings/${trip.id}/purchases/${purchaseId}/authentication`)
        .send({ paymentId })
        .expect(401);
    },
    scaled(120_000),
  );

  it(
    'gives up a bank check left unfinished, so the trip can buy again, and voids its late authorization',
    async () => {
      const trip = await book(53, 'secure-bag-4');
      const abandoned = await challenge(trip);
      harness.clock.advance((BANK_CHECK_WINDOW_MINUTES + 1) * 60_000);
      const paid = await trip.owner
        .post(`/api/bookings/${trip.id}/extras`)
        .send({ ...trip.request, cardDetails: TEST_CARD });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body.purchase.purchaseId).not.toBe(abandoned.purchaseId);
      const { history } = await loadBooking(harness.deps.eventStore, trip.id);
      const failure = history.find(({ event }) => event.type === 'PurchaseFailed')?.event;
      expect(failure).toMatchObject({ data: { purchaseId: abandoned.purchaseId, code: 'authentication_abandoned' } });

      // The traveller finishes the old check after all: that authorization serves nothing and is voided.
      // (Where the saga queued the check's timed expiry after the clock moved on, that job may have run
      // already and cancelled the payment: then the bank refuses the late answer, and the return is the same.)
      const url = abandoned.url;
      const lateAnswer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_secret: url.searchParams.get('client_secret')!, outcome: 'complete' }),
        redirect: 'manual',
      });
      expect([200, 303]).toContain(lateAnswer.status);
      const late = await back(trip, abandoned.purchaseId, abandoned.paymentId);
      expect(late.status, JSON.stringify(late.body)).toBe(402);
      expect(await harness.booking.payments.retrieve(abandoned.paymentId)).toMatchObject({
        status: 'voided',
        received: 0,
      });
    },
    scaled(120_000),
  );

  /**
   * The job the recorded bank check calls for (the saga queues it to run at the end of the window;
   * the test runs it at the times it names, on the harness's clock): its reaction, and a runner.
   */
  async function expiryJobOf(tripId: string, paymentId: string) {
    const recorded = (await harness.deps.eventStore.readStream(`booking-${tripId}`)).filter(
      (event) => event.type === 'PurchaseAuthenticationRequested',
    );
    expect(recorded.map((event) => (event.data as { paymentId: string }).paymentId)).toEqual([paymentId]);
    const reactions = reactionsTo(recorded[0]!);
    expect(reactions).toHaveLength(1);
    const [job] = reactions;
    if (job?.queue !== 'expire-bank-check') throw new Error(`not the expiry: ${job?.queue}`);
    const at = Date.parse((recorded[0]!.data as { at: string }).at);
    expect(Date.parse(job.runAt!) - at).toBe(BANK_CHECK_WINDOW_MINUTES * 60_000);
    const handler = expireBankCheckHandler(harness.booking);
    return { runAt: job.runAt!, run: () => handler(job.payload, singleAttempt('expire-bank-check')) };
  }

  /** The check's expiry job, with the harness's clock at the time it is due. */
  async function expiryDue(tripId: string, paymentId: string) {
    const expiry = await expiryJobOf(tripId, paymentId);
    harness.clock.set(new Date(Date.parse(expiry.runAt)));
    return expiry;
  }

  const typesOf = async (id: string) =>
    (await loadBooking(harness.deps.eventStore, id)).history.map(({ event }) => event.type);

  it(
    'gives up a bank check the traveller never came back from by its timed job, and voids its payment, once',
    async () => {
      const trip = await book(55, 'secure-bag-5');
      const { purchaseId, paymentId, url } = await challenge(trip);
      const expiry = await expiryJobOf(trip.id, paymentId);
      // Early (a clock ahead of the queue's): nothing is given up, the job tries again later.
      await expect(expiry.run()).rejects.toThrow(/not run out/);
      expect(await openPurchase(trip.id)).toMatchObject({ purchaseId, status: 'requested' });

      harness.clock.set(new Date(Date.parse(expiry.runAt)));
      await expiry.run();
      await expiry.run();
      const types = await typesOf(trip.id);
      expect(types.filter((type) => type === 'PurchaseFailed')).toHaveLength(1);
      const { history } = await loadBooking(harness.deps.eventStore, trip.id);
      expect(history.find(({ event }) => event.type === 'PurchaseFailed')?.event).toMatchObject({
        data: { purchaseId, code: 'authentication_abandoned' },
      });
      expect(await openPurchase(trip.id)).toBeNull();
      // The payment still waiting at the bank is cancelled: it can no longer be authorized.
      expect(await harness.booking.payments.retrieve(paymentId)).toMatchObject({ status: 'voided', received: 0 });
      // The traveller's late return is refused as the lazy path refuses it; the trip can buy again.
      const late = await back(trip, purchaseId, paymentId);
      expect(late.status, JSON.stringify(late.body)).toBe(402);
      void url;
      const paid = await trip.owner
        .post(`/api/bookings/${trip.id}/extras`)
        .send({ ...trip.request, cardDetails: TEST_CARD });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    },
    scaled(120_000),
  );

  it(
    'gives up a bank check once when its timed job runs twice at once (a stalled job run again), without an error',
    async () => {
      const trip = await book(58, 'secure-bag-8');
      const { purchaseId, paymentId } = await challenge(trip);
      const expiry = await expiryDue(trip.id, paymentId);
      // Both read the booking before either records the failure: the second decides again and finds it done.
      await Promise.all([expiry.run(), expiry.run()]);
      const { history } = await loadBooking(harness.deps.eventStore, trip.id);
      const failures = history.filter(({ event }) => event.type === 'PurchaseFailed');
      expect(failures.map(({ event }) => event.data)).toMatchObject([{ purchaseId, code: 'authentication_abandoned' }]);
      expect(await harness.booking.payments.retrieve(paymentId)).toMatchObject({ status: 'voided', received: 0 });
    },
    scaled(120_000),
  );

  it(
    'voids an authorization the traveller finished at the bank but never brought back, by the timed job',
    async () => {
      const trip = await book(56, 'secure-bag-6');
      const { purchaseId, paymentId, url } = await challenge(trip);
      await answerChallenge(url, 'complete');
      expect(await harness.booking.payments.retrieve(paymentId)).toMatchObject({ status: 'authorized' });
      const expiry = await expiryDue(trip.id, paymentId);
      await expiry.run();
      expect(await openPurchase(trip.id)).toBeNull();
      expect(await harness.booking.payments.retrieve(paymentId)).toMatchObject({ status: 'voided', received: 0 });
      expect((await typesOf(trip.id)).filter((type) => type === 'PurchaseFailed')).toHaveLength(1);
      // The late return finds it voided and given up: nothing is bought, nothing charged.
      const late = await back(trip, purchaseId, paymentId);
      expect(late.status, JSON.stringify(late.body)).toBe(402);
      expect(await harness.booking.payments.retrieve(paymentId)).toMatchObject({ status: 'voided', received: 0 });
    },
    scaled(120_000),
  );

  it(
    'leaves alone a bank check the traveller came back from in time: the purchase is paid, the job voids nothing',
    async () => {
      const trip = await book(57, 'secure-bag-7');
      const { purchaseId, paymentId, url } = await challenge(trip);
      await answerChallenge(url, 'complete');
      expect((await back(trip, purchaseId, paymentId)).status).toBe(200);
      const expiry = await expiryDue(trip.id, paymentId);
      await expiry.run();
      expect(await harness.booking.payments.retrieve(paymentId)).toMatchObject({ status: 'captured' });
      expect(await typesOf(trip.id)).not.toContain('PurchaseFailed');
    },
    scaled(120_000),
  );
});
