import { beforeAll, describe, expect, it } from 'vitest';
import type { FlightOffer } from '@contrail/shared';
import { sqlBackends } from '../../test-support/sql.js';
import { scaled } from '@contrail/shared/test-support/time-scale';
import { authorize, bookingBody, searchOffers } from '../test-support/booking-harness.js';
import { harnessPerBackend } from '../test-support/harness-per-backend.js';

/** Issue 36: GET /api/bookings/:id/calendar.ics for the traveller whose trip it is, and nobody else. */
describe('a trip’s calendar file', () => {
  const harness = harnessPerBackend(sqlBackends()[0]!);
  let offer: FlightOffer;
  beforeAll(async () => {
    offer = (await searchOffers(harness, 1))[0]!;
  }, scaled(120_000));

  it('gives the traveller one event per flight, in its airport’s zone; 401 signed out, 404 to others', async () => {
    const payment = await authorize(harness, offer);
    const agent = harness.agent();
    const booked = await agent
      .post('/api/bookings')
      .set('Idempotency-Key', 'calendar-booking')
      .send(bookingBody(offer, payment.body.paymentId, 'calendar@example.com'));
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const path = `/api/bookings/${booked.body.id}/calendar.ics`;

    const file = await agent
      .get(path)
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => done(null, text));
      });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/calendar/);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="trip-[A-Z0-9]+\.ics"$/);
    const text = (file.body as string).replace(/\r\n[ \t]/g, '');
    const segments = offer.slices.flatMap((slice) => slice.segments);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(segments.length);
    expect(text).toContain(`DTSTART;TZID=${segments[0]!.origin.time_zone}:`);
    expect(text).not.toContain('calendar@example.com');
    expect(text).not.toMatch(/Jane|Traveller/);

    expect((await harness.api().get(path)).status).toBe(401);
    const stranger = harness.agent();
    await harness.booking.accounts.register(
      'default',
      {
        username: 'stranger',
        email: 'stranger@example.com',
        firstName: 'S',
        lastName: 'T',
        password: 'Stranger-Pass-1',
      },
      {},
    );
    await stranger.post('/api/auth/login').send({ username: 'stranger', password: 'Stranger-Pass-1' }).expect(200);
    expect((await stranger.get(path)).status).toBe(404);
  });
});
