import type { FlightOffer } from '@contrail/shared';
import { sharedTripSchema, SHARE_TEXT } from '@contrail/shared/booking/trip-share';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test-support/eventually.js';
import { sqlBackends } from '../../test-support/sql.js';
import { authorize, bookingBody, searchOffers } from '../test-support/booking-harness.js';
import { harnessPerBackend } from '../test-support/harness-per-backend.js';
import { shareStreamOf } from './share-decider.js';

/** Issue 36: the owner's share link of a trip, what anyone with it sees, revocation and erasure. */
describe.each(sqlBackends())('a trip’s share link on $name', (backend) => {
  const harness = harnessPerBackend(backend);
  let offers: FlightOffer[];
  beforeAll(async () => {
    offers = await searchOffers(harness, 2);
    await harness.booking.accounts.register(
      'default',
      {
        username: 'sharer-admin',
        email: 'sharer-admin@example.com',
        firstName: 'A',
        lastName: 'D',
        password: 'Admin-Password-1',
      },
      { isAdmin: true },
    );
  }, scaled(120_000));

  async function bookConfirmed(key: string, offer: FlightOffer, email: string) {
    const payment = await authorize(harness, offer);
    const agent = harness.agent();
    const booked = await agent
      .post('/api/bookings')
      .set('Idempotency-Key', key)
      .send(bookingBody(offer, payment.body.paymentId, email));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    await eventually(
      () => agent.get(`/api/bookings/${booked.body.id}`),
      (res) => res.body.status === 'confirmed',
    );
    return { agent, id: booked.body.id as string };
  }
  const view = (token: string) => harness.api().post('/api/shared-trips/view').send({ token });

  it(
    'shows the trip and names only, to anyone with the link, until the owner revokes it',
    async () => {
      const { agent, id } = await bookConfirmed('share-link-1', offers[0]!, 'sharer@example.com');
      expect((await agent.get(`/api/bookings/${id}/share`)).body).toEqual({ active: false, createdAt: null });

      const created = await agent.post(`/api/bookings/${id}/share`);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const { token, path } = created.body as { token: string; path: string };
      expect(path).toBe(`/shared-trip#${token}`);
      expect((await agent.get(`/api/bookings/${id}/share`)).body).toMatchObject({ active: true });

      const shared = await view(token);
      expect(shared.status).toBe(200);
      expect(shared.headers['cache-control']).toBe('no-store');
      const trip = sharedTripSchema.parse(shared.body);
      expect(Object.keys(shared.body).sort()).toEqual(['passengers', 'reference', 'slices', 'status']);
      expect(trip.passengers).toEqual([{ given_name: 'Jane', family_name: 'Traveller' }]);
      expect(trip.status).toBe('confirmed');
      expect(trip.reference).toMatch(/^[A-Z0-9]+$/);
      expect(trip.slices[0]!.segments[0]!.origin.iata_code).toBe(offers[0]!.slices[0]!.segments[0]!.origin.iata_code);
      const text = JSON.stringify(shared.body);
      for (const secret of ['sharer@example.com', '555 0100', '1990-04-12', 'amount', 'card', 'price'])
        expect(text).not.toContain(secret);

      // Only the hash is stored.
      const stored = await harness.booking.eventStore.readStream(shareStreamOf(id));
      expect(JSON.stringify(stored.map((event) => event.data))).not.toContain(token.split('.')[1]);

      // A new link replaces the old one; revoking ends it. Unknown tokens answer alike.
      const again = await agent.post(`/api/bookings/${id}/share`).expect(201);
      expect((await view(token)).status).toBe(404);
      expect((await view(again.body.token)).status).toBe(200);
      expect((await agent.delete(`/api/bookings/${id}/share`)).status).toBe(200);
      const gone = await view(again.body.token);
      expect(gone.status).toBe(404);
      expect(gone.body.message).toBe(SHARE_TEXT.inactive);
      for (const unknown of [`${id}.${'A'.repeat(43)}`, `nobooking.${'A'.repeat(43)}`, 'junk'])
        expect((await view(unknown)).body).toEqual(gone.body);
      expect((await harness.api().post('/api/shared-trips/view').send({})).status).toBe(400);
      const events = (await harness.booking.eventStore.readStream(shareStreamOf(id))).map((event) => event.type);
      expect(events).toEqual(['ShareLinkCreated', 'ShareLinkRevoked', 'ShareLinkCreated', 'ShareLinkRevoked']);

      // Erasing the account erases its trips' travellers: the shared page keeps no names.
      const last = (await agent.post(`/api/bookings/${id}/share`).expect(201)).body as { token: string };
      expect((await view(last.token)).body.passengers).toHaveLength(1);
      const admin = harness.agent();
      await admin.post('/api/auth/login').send({ username: 'sharer-admin', password: 'Admin-Password-1' }).expect(200);
      await admin
        .post('/api/admin/accounts/erase')
        .send({ email: 'sharer@example.com', reason: 'Ticket 8: the account holder asks' })
        .expect(200);
      const erased = await view(last.token);
      expect(erased.body.passengers).toEqual([]);
      expect(JSON.stringify(erased.body)).not.toMatch(/Jane|Traveller/);
    },
    scaled(120_000),
  );

  it(
    'is the owner’s alone: 401 signed out, 404 to another account',
    async () => {
      const { agent, id } = await bookConfirmed('share-link-2', offers[1]!, 'owner2@example.com');
      const path = `/api/bookings/${id}/share`;
      expect((await harness.api().post(path)).status).toBe(401);
      expect((await harness.api().delete(path)).status).toBe(401);
      expect((await harness.api().get(path)).status).toBe(401);
      const stranger = harness.agent();
      await harness.booking.accounts.register(
        'default',
        {
          username: 'share-stranger',
          email: 'share-stranger@example.com',
          firstName: 'S',
          lastName: 'T',
          password: 'Stranger-Pass-1',
        },
        {},
      );
      await stranger
        .post('/api/auth/login')
        .send({ username: 'share-stranger', password: 'Stranger-Pass-1' })
        .expect(200);
      expect((await stranger.post(path)).status).toBe(404);
      expect((await stranger.delete(path)).status).toBe(404);
      expect((await stranger.get(path)).status).toBe(404);
      expect((await agent.post(`/api/bookings/no-such-booking/share`)).status).toBe(404);

      // Erasing the travellers' data leaves the shared page without names.
      const { token } = (await agent.post(path).expect(201)).body as { token: string };
      expect((await view(token)).body.passengers).toEqual([{ given_name: 'Jane', family_name: 'Traveller' }]);
      const admin = harness.agent();
      await admin.post('/api/auth/login').send({ username: 'sharer-admin', password: 'Admin-Password-1' }).expect(200);
      await admin
        .post(`/api/admin/bookings/${id}/erase-passengers`)
        .send({ reason: 'Ticket 9: erasure request' })
        .expect(200);
      const erased = await view(token);
      expect(erased.status).toBe(200);
      expect(erased.body.passengers).toEqual([]);
      expect(JSON.stringify(erased.body)).not.toMatch(/Jane|Traveller/);
    },
    scaled(120_000),
  );
});
