import type { FlightOffer } from '@contrail/shared';
import { cancelResponseSchema } from '@contrail/shared/booking/refund';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBooking } from '../bookings/booking-stream.js';
import { bookingStreamName } from '../bookings/domain/events.js';
import { authorize, bookingBody, searchOffers, type BookingHarness } from '../bookings/test-support/booking-harness.js';
import { harnessPerBackend } from '../bookings/test-support/harness-per-backend.js';
import { eventually } from '../test-support/eventually.js';
import { sqlBackends } from '../test-support/sql.js';
import { signedInStaff } from './test-support/signed-in-staff.js';

const REASON = 'Ticket 5120: the traveller called about the new times';

/** Issue #36: support accepts an airline's schedule change, or cancels with a full refund, for the traveller. */
describe.each(sqlBackends())('support answering a schedule change on $name', (backend) => {
  const harness = harnessPerBackend(backend);
  let offers: FlightOffer[];
  let staff: Map<string, ReturnType<BookingHarness['agent']>>;
  const as = (who: string) => staff.get(who)!;

  beforeAll(async () => {
    staff = await signedInStaff(harness, [
      { username: 'deskagent', role: 'support-agent', brand: 'default' },
      { username: 'skyagent', role: 'support-agent', brand: 'skyfares.com' },
      { username: 'deskaudit', role: 'auditor', brand: 'default' },
    ]);
    offers = await searchOffers(harness, 37);
  }, scaled(120_000));

  async function bookAndChange(offer: FlightOffer, key: string, email: string) {
    const payment = await authorize(harness, offer);
    expect(payment.status, JSON.stringify(payment.body)).toBe(200);
    const owner = harness.agent();
    const booked = await owner
      .post('/api/bookings')
      .set('Idempotency-Key', key)
      .send(bookingBody(offer, payment.body.paymentId, email));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const id = booked.body.id as string;
    const { state } = await loadBooking(harness.deps.eventStore, id);
    const orderId = state.order!.orderId;
    const { change } = await harness.deps.duffelSandbox.airlineChanges.simulate(orderId, {
      minutes: 75,
      deliveries: 1,
    });
    return {
      owner,
      id,
      orderId,
      paid: state.payment!.amount,
      path: `/api/admin/bookings/${id}/schedule-changes/${change.id}`,
    };
  }

  const eventOf = async (id: string, type: string) =>
    (await harness.deps.eventStore.readStream(bookingStreamName(id))).find((event) => event.type === type);

  it(
    'accepts for the traveller with a reason: support of the brand only, the event naming the agent',
    async () => {
      const { owner, id, orderId, path } = await bookAndChange(offers[0]!, 'desk-change-1', 'desk.one@example.com');

      await owner.post(`${path}/accept`).send({ reason: REASON }).expect(403);
      await harness.agent().post(`${path}/accept`).send({ reason: REASON }).expect(401);
      await as('deskaudit').post(`${path}/accept`).send({ reason: REASON }).expect(403);
      await as('skyagent')
        .post(`${path}/accept`)
        .set('X-Brand-Key', 'skyfares.com')
        .send({ reason: REASON })
        .expect(404);
      const silent = await as('deskagent').post(`${path}/accept`).send({}).expect(400);
      expect(silent.body.message).toContain('Please give a reason');
      expect(await eventOf(id, 'ScheduleChangeAccepted')).toBeUndefined();

      const accepted = await as('deskagent').post(`${path}/accept`).send({ reason: REASON });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      expect(accepted.body.message).toBe('The new times were accepted for the traveller.');
      expect((await eventOf(id, 'ScheduleChangeAccepted'))!.data).toMatchObject({
        staff: { username: 'deskagent', reason: REASON },
      });
      const [atAirline] = await harness.deps.flights!.listAirlineChanges(orderId);
      expect(atAirline!.action_taken).toBe('accepted');
      await as('deskagent').post(`${path}/accept`).send({ reason: REASON }).expect(409);
    },
    scaled(90_000),
  );

  it(
    'cancels for the traveller with a full refund, the traveller emailed as when they cancel',
    async () => {
      const nonRefundable = offers.slice(1).find((offer) => !offer.conditions.refund_before_departure?.allowed)!;
      const { owner, id, paid, path } = await bookAndChange(nonRefundable, 'desk-change-2', 'desk.two@example.com');

      await owner.post(`${path}/cancel`).send({ reason: REASON }).expect(403);
      await as('skyagent')
        .post(`${path}/cancel`)
        .set('X-Brand-Key', 'skyfares.com')
        .send({ reason: REASON })
        .expect(404);
      await as('deskagent').post(`${path}/cancel`).send({ reason: 'no' }).expect(400);
      expect((await loadBooking(harness.deps.eventStore, id)).state.phase).toBe('confirmed');

      const cancelled = await as('deskagent').post(`${path}/cancel`).send({ reason: REASON });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(cancelResponseSchema.parse(cancelled.body).success).toBe(true);
      const { state } = await loadBooking(harness.deps.eventStore, id);
      expect(state.phase).toBe('cancelled');
      expect(state.payment!.refunded).toBe(paid.amount);
      for (const type of ['ScheduleChangeDeclined', 'CancellationRequested'])
        expect((await eventOf(id, type))!.data).toMatchObject({ staff: { username: 'deskagent', reason: REASON } });
      await eventually(
        () =>
          harness.booking.sql.query<{ kind: string }>(
            'SELECT kind FROM email_outbox WHERE booking_id = $1 AND to_address = $2',
            [id, 'desk.two@example.com'],
          ),
        (found) => found.rows.some((row) => row.kind === 'cancelled'),
      );
    },
    scaled(90_000),
  );
});
