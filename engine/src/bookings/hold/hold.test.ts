import type { FlightOffer } from '@contrail/shared';
import { bookingViewSchema, type BookingView as PlainView } from '@contrail/shared/booking/view';
import { holdField, type WithHold } from '@contrail/shared/booking/hold-view';

type BookingView = WithHold<PlainView>;
const heldViewSchema = bookingViewSchema.extend(holdField);
import { HOLD_PRICE_CHANGED_MESSAGE, isHoldable } from '@contrail/shared/booking/hold';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test-support/eventually.js';
import { singleAttempt } from '../../test-support/jobs.js';
import { sqlBackends } from '../../test-support/sql.js';
import { loadBooking } from '../booking-stream.js';
import { searchOffers, TEST_CARD, traveller, type BookingHarness } from '../test-support/booking-harness.js';
import { harnessPerBackend } from '../test-support/harness-per-backend.js';
import { holdDeadlineHandler } from './hold-deadline.js';

/** Hold now, pay later (issue 36) through the engine's routes, its jobs and the mounted sandboxes. */
describe.each(sqlBackends())('holding a price and paying later on $name', (backend) => {
  const harness = harnessPerBackend(backend);
  let holdable: FlightOffer[];
  let instant: FlightOffer;
  let agent: ReturnType<BookingHarness['agent']>;

  beforeAll(async () => {
    holdable = await searchOffers(harness, 40, { origin: 'JFK', destination: 'EWR' });
    instant = (await searchOffers(harness, 40))[0]!;
    agent = harness.agent();
    const account = { username: 'holder', email: 'holder@example.com', firstName: 'Hal', lastName: 'Holder' };
    await agent
      .post('/api/auth/register')
      .send({ ...account, password: 'Holder-Password-1' })
      .expect(201);
    await agent.post('/api/auth/login').send({ username: 'holder', password: 'Holder-Password-1' }).expect(200);
  });

  const view = async (id: string): Promise<BookingView> =>
    heldViewSchema.parse((await agent.get(`/api/bookings/${id}`).expect(200)).body);
  const until = (id: string, done: (booking: BookingView) => boolean) =>
    eventually(() => view(id), done, scaled(30_000));
  const hold = (offer: FlightOffer, key: string) =>
    agent
      .post('/api/bookings/hold')
      .set('Idempotency-Key', key)
      .send({ offerId: offer.id, passengers: [traveller('holder@example.com')] });
  const pay = (id: string, amount: string, currency = 'USD') =>
    agent.post(`/api/bookings/${id}/pay`).send({ amount: Number(amount), currency, cardDetails: TEST_CARD });

  /** A JFK-EWR trip `daysAhead` days out, held under `key`: its id and its view once the airline holds it. */
  async function heldTrip(daysAhead: number, key: string) {
    const offer = (await searchOffers(harness, daysAhead, { origin: 'JFK', destination: 'EWR' }))[0]!;
    const id = (await hold(offer, key).expect(202)).body.id as string;
    const held = await until(id, (booking) => booking.hold?.state === 'held');
    return { id, held };
  }

  /** Pays the held trip its price: the card payment, once the booking records one. */
  async function payHeld(id: string, held: BookingView) {
    await pay(id, held.hold!.amount).expect(202);
    const paying = await eventually(
      () => loadBooking(harness.deps.eventStore, id),
      ({ state }) => state.payment !== null,
    );
    return paying.state.payment!.paymentId;
  }

  /** pay-hold's job for the card payment, once it has finished (on PostgreSQL the saga queues it a moment after the record). */
  const payHoldOutcome = (id: string, paymentId: string) =>
    eventually(
      () =>
        harness.jobs.waitForJob('pay-hold', `pay-hold-${id}-${paymentId}`, scaled(30_000)).catch(() => 'not queued'),
      (state) => state !== 'not queued',
      scaled(30_000),
    );

  it('holds only offers the airline holds, and only for a signed-in traveller', async () => {
    expect(holdable.length).toBeGreaterThan(2);
    expect(holdable.every(isHoldable)).toBe(true);
    expect(isHoldable(instant)).toBe(false);
    const refused = await hold(instant, 'instant-1').expect(409);
    expect(refused.body.code).toBe('HOLD_NOT_AVAILABLE');
    await harness
      .api()
      .post('/api/bookings/hold')
      .send({ offerId: holdable[0]!.id, passengers: [traveller()] })
      .expect(401);
    const invalid = await agent
      .post('/api/bookings/hold')
      .send({ offerId: holdable[0]!.id, passengers: [] })
      .expect(400);
    expect(invalid.body.errors[0].path).toMatch(/^passengers/);
  });

  it('holds the price without charging, then pays it from My Trips: the card is charged exactly the shown price', async () => {
    const first = await hold(holdable[0]!, 'hold-1').expect(202);
    const again = await hold(holdable[0]!, 'hold-1').expect(202);
    expect(again.body.id).toBe(first.body.id);
    const id = first.body.id as string;
    const held = await until(id, (booking) => booking.hold?.state === 'held');
    expect(held).toMatchObject({ status: 'pending', hold: { priceChanged: false, currency: 'USD' } });
    expect(held.reference).toMatch(/^[A-Z0-9]{5,8}$/);
    expect(Date.parse(held.hold!.paymentRequiredBy)).toBeGreaterThan(Date.now());
    // The list reads the bookings' read model, which may trail the booking's own answer.
    const listed = await eventually(
      async () => (await agent.get('/api/bookings').expect(200)).body as BookingView[],
      (bookings) => bookings.some((booking) => booking.id === id && booking.hold?.state === 'held'),
    );
    expect(listed.find((booking) => booking.id === id)?.hold?.state).toBe('held');
    const { state } = await loadBooking(harness.deps.eventStore, id);
    expect(state).toMatchObject({ phase: 'held', payment: null });

    const stale = (Number(held.hold!.amount) - 1).toFixed(2);
    const refused = await pay(id, stale).expect(409);
    expect(refused.body).toMatchObject({ code: 'PRICE_CHANGED', message: HOLD_PRICE_CHANGED_MESSAGE });
    expect(refused.body.newPrice).toEqual({ amount: held.hold!.amount, currency: 'USD' });

    await pay(id, held.hold!.amount).expect(202);
    const confirmed = await until(id, (booking) => booking.status === 'confirmed');
    expect(confirmed.hold ?? null).toBeNull();
    expect(confirmed.bookingData.total_amount).toBe(held.hold!.amount);
    const paid = await loadBooking(harness.deps.eventStore, id);
    if (paid.state.phase !== 'confirmed') throw new Error(`not confirmed: ${paid.state.phase}`);
    const charged = await harness.booking.payments.retrieve(paid.state.payment.paymentId);
    expect(charged).toMatchObject({ status: 'captured' });
    expect(charged.received / 100).toBe(Number(held.hold!.amount));
    const order = await harness.deps.flights!.getOrder(paid.state.order.orderId);
    expect((order.raw as { payment_status: { awaiting_payment: boolean } }).payment_status.awaiting_payment).toBe(
      false,
    );
    await pay(id, held.hold!.amount).expect(409);
  });

  it('shows the new price when the airline changed it; paying the new price confirms the trip', async () => {
    const id = (await hold(holdable[1]!, 'hold-2').expect(202)).body.id as string;
    const held = await until(id, (booking) => booking.hold?.state === 'held');
    const { state } = await loadBooking(harness.deps.eventStore, id);
    if (state.phase !== 'held') throw new Error(state.phase);
    harness.deps.duffelSandbox.faults.changeOrderPrice(state.hold.orderId, 1.1);
    await pay(id, held.hold!.amount).expect(202);
    const changed = await until(id, (booking) => booking.hold?.state === 'held' && booking.hold.priceChanged);
    expect(Number(changed.hold!.amount)).toBeGreaterThan(Number(held.hold!.amount));
    const voided = await loadBooking(harness.deps.eventStore, id);
    expect(voided.state.payment?.status).toBe('voided');
    await pay(id, held.hold!.amount).expect(409);
    await pay(id, changed.hold!.amount).expect(202);
    const confirmed = await until(id, (booking) => booking.status === 'confirmed');
    expect(confirmed.bookingData.total_amount).toBe(changed.hold!.amount);
  });

  it('reminds before the deadline once, then records the expiry: the trip shows as expired and cannot be paid', async () => {
    const id = (await hold(holdable[2]!, 'hold-3').expect(202)).body.id as string;
    const held = await until(id, (booking) => booking.hold?.state === 'held');
    const deadline = Date.parse(held.hold!.paymentRequiredBy);
    const deadlineJob = holdDeadlineHandler(harness.booking);
    const now = harness.clock.now();
    // The jobs run at their times; the traveller's session lives in the present.
    harness.clock.set(new Date(deadline - 60 * 60_000));
    await deadlineJob({ bookingId: id, reminder: '2h' }, singleAttempt('hold-deadline'));
    await deadlineJob({ bookingId: id, reminder: '2h' }, singleAttempt('hold-deadline'));
    await deadlineJob({ bookingId: id, reminder: '24h' }, singleAttempt('hold-deadline'));
    harness.clock.set(now);
    const reminded = await loadBooking(harness.deps.eventStore, id);
    expect(reminded.state.phase === 'held' && reminded.state.hold.reminders).toEqual(['2h']);
    const emails = async () =>
      (
        await harness.booking.sql.query<{ kind: string }>(
          'SELECT kind FROM email_outbox WHERE booking_id = $1 ORDER BY kind',
          [id],
        )
      ).rows.map((row) => row.kind);
    await eventually(emails, (kinds) => kinds.includes('hold-reminder-2h') && kinds.includes('held'), scaled(30_000));

    harness.clock.set(new Date(deadline + 1_000));
    await deadlineJob({ bookingId: id }, singleAttempt('hold-deadline'));
    harness.clock.set(now);
    const expired = await until(id, (booking) => booking.hold?.state === 'expired');
    expect(expired.status).toBe('cancelled');
    await eventually(emails, (kinds) => kinds.includes('hold-expired'), scaled(30_000));
    const late = await pay(id, held.hold!.amount).expect(410);
    expect(late.body.code).toBe('HOLD_EXPIRED');
  });
  it('a Pay Now whose airline answer and every lookup were lost: the deadline job finds it paid, captures once, confirms', async () => {
    const { id, held } = await heldTrip(42, 'hold-4');
    const before = await loadBooking(harness.deps.eventStore, id);
    if (before.state.phase !== 'held') throw new Error(before.state.phase);
    const { orderId } = before.state.hold;
    const faults = harness.deps.duffelSandbox.faults;
    // The airline is paid and the answer lost; every lookup of the order fails through pay-hold's
    // tries (3) and the one more it makes on giving up.
    faults.failAfterHandling(502, { pathIncludes: 'air/payments', method: 'POST' });
    faults.failNext(503, { pathIncludes: `air/orders/${orderId}`, method: 'GET', times: 4 });
    await pay(id, held.hold!.amount).expect(202);
    const paying = await eventually(
      () => loadBooking(harness.deps.eventStore, id),
      ({ state }) => state.payment?.status === 'authorized',
    );
    const paymentId = paying.state.payment!.paymentId;
    expect(await payHoldOutcome(id, paymentId)).toBe('failed');
    const stuck = await loadBooking(harness.deps.eventStore, id);
    expect(stuck.state.phase === 'held' && stuck.state.hold.airlinePaymentId).toBeFalsy();

    const deadlineJob = holdDeadlineHandler(harness.booking);
    const now = harness.clock.now();
    harness.clock.set(new Date(Date.parse(held.hold!.paymentRequiredBy) + 1_000));
    await deadlineJob({ bookingId: id }, singleAttempt('hold-deadline'));
    await deadlineJob({ bookingId: id }, singleAttempt('hold-deadline'));
    harness.clock.set(now);
    const { state, history } = await loadBooking(harness.deps.eventStore, id);
    expect(state.phase).toBe('confirmed');
    const types = history.map(({ event }) => event.type);
    expect(types.filter((type) => type === 'HoldPaid')).toHaveLength(1);
    expect(types.filter((type) => type === 'PaymentCaptured')).toHaveLength(1);
    expect(types).not.toContain('HoldExpired');
    const paid = history.find(({ event }) => event.type === 'HoldPaid')!.event;
    expect(paid.type === 'HoldPaid' && paid.data.repair).toMatch(/deadline/);
    const charged = await harness.booking.payments.retrieve(paymentId);
    expect([charged.status, charged.received / 100]).toEqual(['captured', Number(held.hold!.amount)]);
  });

  it('a Pay Now whose airline payment fails through every try: on giving up the order is read, unpaid, and the card given back at once; the trip stays held and is paid again', async () => {
    const { id, held } = await heldTrip(44, 'hold-5');
    // The airline refuses the payment on each of pay-hold's tries (3); the order stays unpaid.
    harness.deps.duffelSandbox.faults.failNext(503, { pathIncludes: 'air/payments', method: 'POST', times: 3 });
    const paymentId = await payHeld(id, held);
    expect(await payHoldOutcome(id, paymentId)).toBe('completed');

    // Long before the deadline: the authorization is voided, once, and the trip is still held.
    const { state, history } = await loadBooking(harness.deps.eventStore, id);
    expect(state).toMatchObject({ phase: 'held', payment: { paymentId, status: 'voided' } });
    if (state.phase !== 'held') throw new Error(state.phase);
    expect(state.hold.airlinePaymentId ?? null).toBeNull();
    const types = history.map(({ event }) => event.type);
    expect(types.filter((type) => type === 'PaymentVoided')).toHaveLength(1);
    expect(types).not.toContain('HoldPaid');
    expect(types).not.toContain('HoldExpired');
    expect(await harness.booking.payments.retrieve(paymentId)).toMatchObject({ status: 'voided', received: 0 });
    const order = await harness.deps.flights!.getOrder(state.hold.orderId);
    expect((order.raw as { payment_status: { awaiting_payment: boolean } }).payment_status.awaiting_payment).toBe(true);

    // The traveller pays again: a new authorization, the airline paid, captured once.
    await pay(id, held.hold!.amount).expect(202);
    const confirmed = await until(id, (booking) => booking.status === 'confirmed');
    expect(confirmed.bookingData.total_amount).toBe(held.hold!.amount);
    const paid = await loadBooking(harness.deps.eventStore, id);
    if (paid.state.phase !== 'confirmed') throw new Error(paid.state.phase);
    expect(paid.state.payment.paymentId).not.toBe(paymentId);
    expect(await harness.booking.payments.retrieve(paid.state.payment.paymentId)).toMatchObject({
      status: 'captured',
    });
    expect(paid.history.filter(({ event }) => event.type === 'PaymentCaptured')).toHaveLength(1);
  });

  it('a Pay Now whose airline answer was lost on every try: on giving up the order is read, paid, and captured once at once', async () => {
    const { id, held } = await heldTrip(46, 'hold-6');
    const before = await loadBooking(harness.deps.eventStore, id);
    if (before.state.phase !== 'held') throw new Error(before.state.phase);
    const faults = harness.deps.duffelSandbox.faults;
    // The airline is paid and the answer lost; the lookups of pay-hold's tries (3) fail, the one on giving up answers.
    faults.failAfterHandling(502, { pathIncludes: 'air/payments', method: 'POST' });
    faults.failNext(503, { pathIncludes: `air/orders/${before.state.hold.orderId}`, method: 'GET', times: 3 });
    const paymentId = await payHeld(id, held);
    expect(await payHoldOutcome(id, paymentId)).toBe('completed');
    const { state, history } = await loadBooking(harness.deps.eventStore, id);
    expect(state.phase).toBe('confirmed');
    const types = history.map(({ event }) => event.type);
    expect([types.filter((type) => type === 'HoldPaid'), types.filter((type) => type === 'PaymentCaptured')]).toEqual([
      ['HoldPaid'],
      ['PaymentCaptured'],
    ]);
    expect(types).not.toContain('PaymentVoided');
    const charged = await harness.booking.payments.retrieve(paymentId);
    expect([charged.status, charged.received / 100]).toEqual(['captured', Number(held.hold!.amount)]);
  });
});
