import type { FlightOffer } from '@contrail/shared';
import { outboxAnswerSchema } from '@contrail/shared/admin/operations';
import { isInternationalOffer } from '@contrail/shared/booking/international';
import { cancellationQuoteSchema, cancelResponseSchema } from '@contrail/shared/booking/refund';
import { bookingMoneySchema, resendConfirmationAnswerSchema } from '@contrail/shared/support-desk/acting';
import { deskTimelineSchema } from '@contrail/shared/support-desk/contracts';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBooking } from '../bookings/booking-stream.js';
import { bookingStreamName } from '../bookings/domain/events.js';
import { authorize, bookingBody, type BookingHarness } from '../bookings/test-support/booking-harness.js';
import { harnessPerBackend } from '../bookings/test-support/harness-per-backend.js';
import { EmailOutbox } from '../email/outbox.js';
import { eventually } from '../test-support/eventually.js';
import { sqlBackends } from '../test-support/sql.js';
import { signedInStaff } from './test-support/signed-in-staff.js';

const REASON = 'Ticket 4411: the traveller called to cancel';

/** Issue #31: support quotes and confirms a cancellation for the traveller, and resends the confirmation. */
describe.each(sqlBackends())('support acting for the traveller on $name', (backend) => {
  const harness = harnessPerBackend(backend);
  let staff: Map<string, ReturnType<BookingHarness['agent']>>;

  const as = (who: string) => staff.get(who)!;

  beforeAll(async () => {
    staff = await signedInStaff(harness, [
      { username: 'deskagent', role: 'support-agent', brand: 'default' },
      { username: 'deskaudit', role: 'auditor', brand: 'default' },
    ]);
  }, scaled(120_000));

  async function refundableOffer(daysAhead: number): Promise<FlightOffer> {
    const date = new Date(harness.clock.now().getTime() + daysAhead * 86_400_000).toISOString().slice(0, 10);
    const found = await harness.deps.flights!.search({
      origin: 'JFK',
      destination: 'LAX',
      departureDate: date,
      cabinClass: 'business',
      adultsCount: 1,
      childrenCount: 0,
      infantsCount: 0,
    } as never);
    const refundable = found.find(
      (offer) => !isInternationalOffer(offer) && offer.conditions.refund_before_departure?.allowed,
    );
    expect(refundable).toBeDefined();
    return refundable!;
  }

  async function book(daysAhead: number, email: string): Promise<string> {
    const offer = await refundableOffer(daysAhead);
    const payment = await authorize(harness, offer);
    expect(payment.status, JSON.stringify(payment.body)).toBe(200);
    const booked = await harness
      .agent()
      .post('/api/bookings')
      .set('Idempotency-Key', `act-for-traveller-${daysAhead}`)
      .send(bookingBody(offer, payment.body.paymentId, email));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    return booked.body.id as string;
  }

  it(
    'quotes and cancels with the quoted refund, the events naming the agent and the reason',
    async () => {
      const id = await book(44, 'cancel.for.me@example.com');
      const path = `/api/admin/bookings/${id}`;

      await as('deskaudit').post(`${path}/cancellation-quote`).send({ reason: REASON }).expect(403);
      await harness.agent().post(`${path}/cancellation-quote`).send({ reason: REASON }).expect(401);
      const silent = await as('deskagent').post(`${path}/cancellation-quote`).send({ reason: 'abc' }).expect(400);
      expect(silent.body.message).toContain('Please give a reason');
      await as('deskagent')
        .post('/api/admin/bookings/no-such-booking/cancellation-quote')
        .send({ reason: REASON })
        .expect(404);

      const quoted = await as('deskagent').post(`${path}/cancellation-quote`).send({ reason: REASON });
      expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
      const quote = cancellationQuoteSchema.parse(quoted.body);

      const unquoted = await as('deskagent').post(`${path}/cancel`).send({ reason: REASON }).expect(400);
      expect(unquoted.body.message).toContain('quoteId');
      await as('deskaudit').post(`${path}/cancel`).send({ quoteId: quote.quoteId, reason: REASON }).expect(403);
      expect((await loadBooking(harness.deps.eventStore, id)).state.phase).toBe('confirmed');

      const cancelled = await as('deskagent').post(`${path}/cancel`).send({ quoteId: quote.quoteId, reason: REASON });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(cancelResponseSchema.parse(cancelled.body)).toEqual({
        success: true,
        message: 'Booking cancelled',
        refund: { amount: quote.refund, currency: quote.currency },
      });

      const events = await harness.deps.eventStore.readStream(bookingStreamName(id));
      const requested = events.find((event) => event.type === 'CancellationRequested')!;
      expect(requested.data).toMatchObject({
        quoteId: quote.quoteId,
        staff: { username: 'deskagent', reason: REASON },
      });

      const desk = deskTimelineSchema.parse((await as('deskagent').get(`${path}/desk`).expect(200)).body);
      expect(desk.entries.map((entry) => [entry.type, entry.by])).toEqual([
        ['CancellationQuoted', 'deskagent'],
        ['CancellationRequested', 'deskagent'],
      ]);
      expect(desk.entries[0]).toMatchObject({ reason: REASON, refund: quote.refund, currency: quote.currency });

      const money = bookingMoneySchema.parse((await as('deskaudit').get(`${path}/money`).expect(200)).body);
      expect(money).toMatchObject({
        currency: quote.currency,
        captured: quote.paid,
        refunded: quote.refund,
        paymentStatus: 'captured',
      });
      expect(money.kept.map((fee) => fee.amount)).toEqual(quote.kept.map((fee) => fee.amount));

      const again = await as('deskagent').post(`${path}/cancellation-quote`).send({ reason: REASON });
      expect(again.status).toBe(409);
    },
    scaled(120_000),
  );

  it(
    'resends the confirmation once per request, through the outbox, and records who asked',
    async () => {
      const id = await book(46, 'resend.me@example.com');
      const path = `/api/admin/bookings/${id}`;
      const outbox = new EmailOutbox(harness.booking.sql);
      const sent = await eventually(
        () => outbox.list({ bookingId: id }),
        (messages) => messages.length === 1,
        30_000,
      );
      expect(sent.map((message) => message.kind)).toEqual(['confirmed']);

      const requestId = randomUUID();
      await as('deskaudit').post(`${path}/resend-confirmation`).send({ requestId, reason: REASON }).expect(403);
      await as('deskagent')
        .post(`${path}/resend-confirmation`)
        .send({ requestId: 'not-a-uuid', reason: REASON })
        .expect(400);

      const first = await as('deskagent')
        .post(`${path}/resend-confirmation`)
        .send({ requestId, reason: REASON })
        .expect(202);
      expect(resendConfirmationAnswerSchema.parse(first.body).queued).toBe(true);
      const repeated = await as('deskagent')
        .post(`${path}/resend-confirmation`)
        .send({ requestId, reason: REASON })
        .expect(200);
      expect(resendConfirmationAnswerSchema.parse(repeated.body).queued).toBe(false);

      const kinds = async () => (await outbox.list({ bookingId: id })).map((message) => message.kind).sort();
      const both = await eventually(kinds, (found) => found.length >= 2, 30_000);
      expect(both).toEqual(['confirmed', `confirmed-resent-${requestId}`]);
      const listed = outboxAnswerSchema.parse(
        (await as('deskagent').get('/api/admin/outbox').query({ bookingId: id }).expect(200)).body,
      );
      expect(listed.messages).toHaveLength(2);

      const desk = deskTimelineSchema.parse((await as('deskagent').get(`${path}/desk`).expect(200)).body);
      expect(desk.entries).toEqual([
        expect.objectContaining({ type: 'ConfirmationResendRequested', by: 'deskagent', reason: REASON }),
      ]);
    },
    scaled(120_000),
  );
});
