import type { FlightOffer } from '@contrail/shared';
import { bookingListSchema, guestBookingAddedSchema, guestBookingListSchema } from '@contrail/shared/booking/view';
import { beforeAll, describe, expect, it } from 'vitest';
import { sqlBackends } from '../test-support/sql.js';
import { GUEST_BOOKING_SUBJECT } from './email/guest-booking-notice.js';
import { GUEST_BOOKING_ADDED } from './manage/guest-bookings.js';
import { authorize, bookingBody, searchOffers } from './test-support/booking-harness.js';
import { harnessPerBackend } from './test-support/harness-per-backend.js';
import { answerOf } from '../test-support/answer.js';
import { eventually } from '../test-support/eventually.js';
import { scaled } from '@contrail/shared/test-support/time-scale';

describe.each(sqlBackends())('guest bookings on $name', (backend) => {
  const harness = harnessPerBackend(backend);
  let offers: FlightOffer[];

  async function signedIn(username: string) {
    const agent = harness.agent();
    await agent
      .post('/api/auth/register')
      .send({
        username,
        email: `${username}@example.com`,
        firstName: 'Olive',
        lastName: 'Owner',
        password: 'Owner-Password-1',
      })
      .expect(201);
    await agent.post('/api/auth/login').send({ username, password: 'Owner-Password-1' }).expect(200);
    return agent;
  }

  beforeAll(async () => {
    offers = await searchOffers(harness, 50);
    await harness.booking.accounts.register(
      'default',
      {
        username: 'staff',
        email: 'staff@example.com',
        firstName: 'S',
        lastName: 'Staff',
        password: 'Staff-Password-1',
      },
      { isAdmin: true },
    );
  }, scaled(120_000));

  it(
    "keeps a signed-out booking with an account's email apart until its owner confirms it, and tells the owner",
    async () => {
      const owner = await signedIn('olive.owner');
      const offer = offers[0]!;
      const payment = await authorize(harness, offer);
      const stranger = harness.agent();
      const booked = await stranger
        .post('/api/bookings')
        .set('Idempotency-Key', 'guest-booking-1')
        .send(bookingBody(offer, payment.body.paymentId, 'Olive.Owner@example.com'));
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      expect(booked.body).toMatchObject({ accountCreated: false, status: 'confirmed' });
      expect(booked.body.accountInfo).toBeUndefined();
      expect(JSON.stringify(booked.body)).not.toMatch(/already|account exists|olive\.owner@/i);
      // The stranger is not signed in to anything.
      expect((await stranger.get('/api/auth/user')).status).toBe(401);
      const reference = booked.body.duffelBookingId.slice(0, 8).toUpperCase();

      const staff = harness.agent();
      await staff.post('/api/auth/login').send({ username: 'staff', password: 'Staff-Password-1' }).expect(200);
      const notices = await eventually(
        () => staff.post('/api/admin/outbox/reveal').send({ bookingId: booked.body.id, reason: 'Ticket 3: notice' }),
        (res) => res.body.messages?.some((message: { kind: string }) => message.kind === 'guest-booking'),
      );
      const notice = notices.body.messages.find((message: { kind: string }) => message.kind === 'guest-booking');
      expect(notice).toMatchObject({ to: 'olive.owner@example.com', subject: GUEST_BOOKING_SUBJECT });
      expect(notice.text).toContain(`A booking (reference ${reference}) was made on`);
      expect(notice.text).toContain('"Add to My Trips"');

      // Reachable by reference and email; not in the owner's trips until confirmed.
      const lookup = await eventually(
        () => harness.api().get('/api/bookings/lookup').query({ reference, email: 'olive.owner@example.com' }),
        (res) => res.body.status === 'confirmed',
      );
      expect(lookup.body).toEqual({ reference, status: 'confirmed' });
      const guest = await eventually(
        () => owner.get('/api/bookings/guest'),
        (res) => res.body.length === 1,
      );
      expect(answerOf(guestBookingListSchema, guest)[0]).toMatchObject({ id: booked.body.id, reference });
      // The trip, not the travellers: the email may be a stranger's typo.
      expect(guest.body[0].bookingData.passengers).toEqual([{ id: expect.any(String), type: 'adult' }]);
      expect(JSON.stringify(guest.body)).not.toMatch(/Jane|Traveller/);
      expect((await owner.get('/api/bookings')).body).toEqual([]);
      expect((await owner.get(`/api/bookings/${booked.body.id}`)).status).toBe(404);

      // Nobody else can take it.
      expect((await harness.api().post(`/api/bookings/${booked.body.id}/confirm`)).status).toBe(401);
      const other = await signedIn('mallory.other');
      expect((await other.get('/api/bookings/guest')).body).toEqual([]);
      const taken = await other.post(`/api/bookings/${booked.body.id}/confirm`);
      expect(taken.status).toBe(404);
      expect(taken.body.message).toBe('Booking not found');
      expect((await owner.post('/api/bookings/no-such-booking/confirm')).status).toBe(404);

      const confirmed = await owner.post(`/api/bookings/${booked.body.id}/confirm`);
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      expect(answerOf(guestBookingAddedSchema, confirmed)).toMatchObject({
        success: true,
        message: GUEST_BOOKING_ADDED,
        booking: { id: booked.body.id },
      });
      expect((await owner.post(`/api/bookings/${booked.body.id}/confirm`)).status).toBe(200);
      const trips = await eventually(
        () => owner.get('/api/bookings'),
        (res) => res.body.length === 1,
      );
      expect(answerOf(bookingListSchema, trips)[0]!.id).toBe(booked.body.id);
      expect((await owner.get('/api/bookings/guest')).body).toEqual([]);
      expect((await other.post(`/api/bookings/${booked.body.id}/confirm`)).status).toBe(404);
    },
    scaled(120_000),
  );
});
