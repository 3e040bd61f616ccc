import type { FlightOffer } from '@contrail/shared';
import { AUTHENTICATION_REQUIRED } from '@contrail/shared/booking/refusal-codes';
import { bookingViewSchema } from '@contrail/shared/booking/view';
import { holdField } from '@contrail/shared/booking/hold-view';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test-support/eventually.js';
import { sqlBackends } from '../../test-support/sql.js';
import { loadBooking } from '../booking-stream.js';
import { searchOffers, TEST_CARD, traveller, type BookingHarness } from '../test-support/booking-harness.js';
import { harnessPerBackend } from '../test-support/harness-per-backend.js';

const heldViewSchema = bookingViewSchema.extend(holdField);
const THREE_D_SECURE = { ...TEST_CARD, number: '4000 0000 0000 3220' };
const RETURN_PATH = '/my-trips?pay=1';

/**
 * Issue 36: Pay Now through the bank's 3-D Secure check, as checkout does it: the challenge, the
 * return read from the processor's status, then the airline paid and the card captured.
 */
describe.each(sqlBackends())('paying a held trip with 3-D Secure on $name', (backend) => {
  const harness = harnessPerBackend(backend);
  let holdable: FlightOffer[];
  let agent: ReturnType<BookingHarness['agent']>;

  beforeAll(async () => {
    holdable = await searchOffers(harness, 45, { origin: 'JFK', destination: 'EWR' });
    agent = harness.agent();
    const account = { username: 'secure', email: 'secure@example.com', firstName: 'Sam', lastName: 'Secure' };
    await agent
      .post('/api/auth/register')
      .send({ ...account, password: 'Secure-Password-1' })
      .expect(201);
    await agent.post('/api/auth/login').send({ username: 'secure', password: 'Secure-Password-1' }).expect(200);
  }, scaled(120_000));

  const view = async (id: string) => heldViewSchema.parse((await agent.get(`/api/bookings/${id}`).expect(200)).body);

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

  async function heldTrip(offer: FlightOffer, key: string) {
    const started = await agent
      .post('/api/bookings/hold')
      .set('Idempotency-Key', key)
      .send({ offerId: offer.id, passengers: [traveller('secure@example.com')] })
      .expect(202);
    const id = started.body.id as string;
    const held = await eventually(
      () => view(id),
      (booking) => booking.hold?.state === 'held',
      scaled(30_000),
    );
    return { id, amount: held.hold!.amount };
  }

  const challenge = async (id: string, amount: string) => {
    const res = await agent
      .post(`/api/bookings/${id}/pay`)
      .send({ amount: Number(amount), currency: 'USD', cardDetails: THREE_D_SECURE, returnPath: RETURN_PATH });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ success: false, error: AUTHENTICATION_REQUIRED });
    return { paymentId: res.body.paymentId as string, url: new URL(res.body.redirectUrl as string) };
  };
  const back = (id: string, paymentId: string) =>
    agent.post(`/api/bookings/${id}/pay/authentication`).send({ paymentId });

  it(
    'pays the airline and captures only once the bank authenticated the card, however often the traveller returns',
    async () => {
      const { id, amount } = await heldTrip(holdable[0]!, 'secure-hold-1');
      const { paymentId, url } = await challenge(id, amount);
      // Nothing is recorded while the check is unfinished.
      const early = await back(id, paymentId);
      expect(early.status, JSON.stringify(early.body)).toBe(409);
      expect((await loadBooking(harness.deps.eventStore, id)).state).toMatchObject({ phase: 'held', payment: null });

      const returned = await answerChallenge(url, 'complete');
      expect(returned.pathname).toBe('/my-trips');
      expect(returned.searchParams.get('pay')).toBe('1');
      expect(returned.searchParams.get('payment_intent')).toBe(paymentId);
      expect((await back(id, paymentId)).status).toBe(202);
      expect((await back(id, paymentId)).status).toBe(202);
      await eventually(
        () => view(id),
        (booking) => booking.status === 'confirmed',
        scaled(30_000),
      );
      const { state } = await loadBooking(harness.deps.eventStore, id);
      if (state.phase !== 'confirmed') throw new Error(`not confirmed: ${state.phase}`);
      expect(state.payment.paymentId).toBe(paymentId);
      const charged = await harness.booking.payments.retrieve(paymentId);
      expect(charged).toMatchObject({ status: 'captured', received: Math.round(Number(amount) * 100) });
    },
    scaled(90_000),
  );

  it(
    'answers a failed check as a card failure, and a payment of another trip as not found',
    async () => {
      const { id, amount } = await heldTrip(holdable[1]!, 'secure-hold-2');
      const { paymentId, url } = await challenge(id, amount);
      await answerChallenge(url, 'fail');
      const failed = await back(id, paymentId);
      expect(failed.status, JSON.stringify(failed.body)).toBe(402);
      expect(failed.body.message).toBe('Your bank could not authenticate this payment.');
      expect((await loadBooking(harness.deps.eventStore, id)).state).toMatchObject({ phase: 'held', payment: null });

      const other = await heldTrip(holdable[2]!, 'secure-hold-3');
      expect((await back(other.id, paymentId)).status).toBe(404);
      expect((await back(other.id, 'not a payment id')).status).toBe(400);
      await harness.api().post(`/api/bookings/${id}/pay/authentication`).send({ paymentId }).expect(401);
    },
    scaled(90_000),
  );
});
