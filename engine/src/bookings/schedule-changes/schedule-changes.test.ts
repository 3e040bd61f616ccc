import type { FlightOffer } from '@contrail/shared';
import { AIRLINE_CHANGE_WEBHOOK_EVENT, scheduleChangeListSchema } from '@contrail/shared/booking/schedule-change';
import { duffelSignature, webhookEventBody } from '@contrail/sandboxes';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test-support/eventually.js';
import { sqlBackends } from '../../test-support/sql.js';
import { loadBooking } from '../booking-stream.js';
import { bookingStreamName } from '../domain/events.js';
import { authorize, bookingBody, searchOffers } from '../test-support/booking-harness.js';
import { harnessPerBackend } from '../test-support/harness-per-backend.js';
import { ScheduleChangeReadModel } from './queries.js';
import { runScheduleChanges } from './test-support/run-schedule-changes.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

/** Issue #36: the airline moves a booked trip; the engine records it once, tells the traveller, takes the answer. */
describe.each(sqlBackends())('airline schedule changes on $name', (backend) => {
  const harness = harnessPerBackend(backend);
  runScheduleChanges(harness);
  let offers: FlightOffer[];

  beforeAll(async () => {
    offers = await searchOffers(harness, 33);
  }, scaled(120_000));

  async function book(offer: FlightOffer, key: string, email: string) {
    const payment = await authorize(harness, offer);
    expect(payment.status, JSON.stringify(payment.body)).toBe(200);
    const owner = harness.agent();
    const booked = await owner
      .post('/api/bookings')
      .set('Idempotency-Key', key)
      .send(bookingBody(offer, payment.body.paymentId, email));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const { state } = await loadBooking(harness.deps.eventStore, booked.body.id);
    return { owner, id: booked.body.id as string, orderId: state.order!.orderId, paid: state.payment!.amount };
  }

  const eventTypes = async (id: string) =>
    (await harness.deps.eventStore.readStream(bookingStreamName(id))).map((event) => event.type);

  const post = (body: string, signature?: string) => {
    const call = harness.api().post('/api/duffel/webhooks').set('Content-Type', 'application/json');
    return (signature ? call.set('X-Duffel-Signature', signature) : call).send(body);
  };
  const signedNow = (body: string) =>
    duffelSignature(harness.booking.duffelWebhookSecret, body, Math.floor(harness.clock.now().getTime() / 1000));

  it(
    'records a change delivered twice once, moves the trip, emails the traveller and shows it to them',
    async () => {
      const { owner, id, orderId } = await book(offers[0]!, 'change-1', 'change.one@example.com');
      const before = (await loadBooking(harness.deps.eventStore, id)).state.booking!;
      const { change, deliveries } = await harness.deps.duffelSandbox.airlineChanges.simulate(orderId, {
        minutes: 95,
        deliveries: 2,
      });
      expect(deliveries).toEqual([200, 200]);
      const types = await eventTypes(id);
      expect(types.filter((type) => type === 'ScheduleChangeDetected')).toHaveLength(1);
      expect(types.at(-1)).toBe('TripRescheduled');
      // Trip completion goes by the new arrival: both times moved by the airline's 95 minutes.
      const after = (await loadBooking(harness.deps.eventStore, id)).state.booking!;
      expect(Date.parse(after.arrivesAt!) - Date.parse(before.arrivesAt!)).toBe(95 * 60_000);
      expect(Date.parse(after.departsAt!) - Date.parse(before.departsAt!)).toBe(95 * 60_000);

      const outbox = await eventually(
        () =>
          harness.booking.sql.query<{ subject: string; text_body: string }>(
            'SELECT subject, text_body FROM email_outbox WHERE booking_id = $1 AND kind = $2',
            [id, `schedule-change-${change.id}`],
          ),
        (found) => found.rows.length === 1,
      );
      expect(outbox.rows[0]!.subject).toMatch(/^Action needed: your flights have changed - /);
      expect(outbox.rows[0]!.text_body).toContain('cancel the trip with a full refund');

      const listed = await eventually(
        async () => scheduleChangeListSchema.parse((await owner.get('/api/schedule-changes')).body),
        (list) => list.changes.length === 1,
      );
      expect(listed.changes[0]).toMatchObject({ changeId: change.id, bookingId: id, status: 'pending' });
      expect(listed.changes[0]!.after[0]!.departingAt).not.toBe(listed.changes[0]!.before[0]!.departingAt);
      expect((await harness.agent().get('/api/schedule-changes')).status).toBe(401);
      expect((await new ScheduleChangeReadModel(harness.booking.sql).pending()).map((each) => each.changeId)).toContain(
        change.id,
      );

      // Accepted: the airline is told, the answer recorded, and a second answer refused.
      const accepted = await owner.post(`/api/bookings/${id}/schedule-changes/${change.id}/accept`);
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      const [atAirline] = await harness.deps.flights!.listAirlineChanges(orderId);
      expect(atAirline!.action_taken).toBe('accepted');
      expect((await owner.post(`/api/bookings/${id}/schedule-changes/${change.id}/accept`)).status).toBe(409);
      expect((await harness.agent().post(`/api/bookings/${id}/schedule-changes/${change.id}/accept`)).status).toBe(401);
      await eventually(
        async () => scheduleChangeListSchema.parse((await owner.get('/api/schedule-changes')).body),
        (list) => list.changes[0]?.status === 'accepted',
      );
    },
    scaled(90_000),
  );

  it(
    'refuses unsigned and forged deliveries (4xx, nothing recorded), and converges when they come out of order',
    async () => {
      const { id, orderId } = await book(offers[1]!, 'change-2', 'change.two@example.com');
      const sandbox = harness.deps.duffelSandbox.airlineChanges;
      const target = sandbox.webhookTarget;
      sandbox.webhookTarget = undefined; // Both changes made while the webhook is down: delivered later, newest first.
      const first = (await sandbox.simulate(orderId, { minutes: 60, deliveries: 1 })).change;
      const second = (await sandbox.simulate(orderId, { minutes: 30, deliveries: 1 })).change;
      sandbox.webhookTarget = target;
      const bodyOf = (change: typeof first) =>
        webhookEventBody(AIRLINE_CHANGE_WEBHOOK_EVENT, change, harness.clock.now());

      const forged = bodyOf(first);
      expect((await post(forged)).status).toBe(401);
      expect((await post(forged, duffelSignature('not-the-secret-at-all', forged, 1))).status).toBe(401);
      expect((await post(forged, signedNow(`${forged} `))).status).toBe(401);
      expect(await eventTypes(id)).not.toContain('ScheduleChangeDetected');

      const newest = bodyOf(second);
      expect((await post(newest, signedNow(newest))).status).toBe(200);
      expect((await post(forged, signedNow(forged))).status).toBe(200);
      expect((await post(forged, signedNow(forged))).status).toBe(200);
      const types = await eventTypes(id);
      expect(types.filter((type) => type === 'ScheduleChangeDetected')).toHaveLength(2);
      const { state } = await loadBooking(harness.deps.eventStore, id);
      const newestArrival = second.added.at(-1)!.segments.at(-1)!.arriving_at;
      expect(state.phase === 'confirmed' && state.scheduleChanges?.map((change) => change.changeId)).toEqual([
        first.id,
        second.id,
      ]);
      // The trip flies the newest change: its arrival is the order's last arrival now.
      const order = await harness.deps.flights!.getOrder(orderId);
      const orderArrival = (order.raw as { slices: Array<{ segments: Array<{ arriving_at: string }> }> }).slices
        .at(-1)!
        .segments.at(-1)!.arriving_at;
      expect(orderArrival).toBe(newestArrival);
      expect(types.filter((type) => type === 'TripRescheduled')).toHaveLength(1);
      const other = '{"id":"wev_x","type":"order.created","data":{"object":{"order_id":"ord_x"}}}';
      expect((await post(other, signedNow(other))).status).toBe(200);
      expect((await post('{}', signedNow('{}'))).status).toBe(400);
    },
    scaled(90_000),
  );

  it(
    'cancels with a full refund when the traveller declines, even on a fare that allows no refund',
    async () => {
      const nonRefundable = offers.slice(2).find((offer) => !offer.conditions.refund_before_departure?.allowed)!;
      const { owner, id, orderId, paid } = await book(nonRefundable, 'change-3', 'change.three@example.com');
      const { change } = await harness.deps.duffelSandbox.airlineChanges.simulate(orderId, {
        minutes: 120,
        deliveries: 1,
      });
      const cancelled = await owner.post(`/api/bookings/${id}/schedule-changes/${change.id}/cancel`);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      const { state } = await loadBooking(harness.deps.eventStore, id);
      expect(state.phase).toBe('cancelled');
      expect(state.payment!.refunded).toBe(paid.amount);
      expect(await eventTypes(id)).toContain('ScheduleChangeDeclined');
      const [atAirline] = await harness.deps.flights!.listAirlineChanges(orderId);
      expect(atAirline!.action_taken).toBe('cancelled');
    },
    scaled(90_000),
  );
});
