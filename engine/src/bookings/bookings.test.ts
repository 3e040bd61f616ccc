import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlBackends } from '../test-support/sql.js';
import type { SqlClient } from '../storage/sql.js';
import {
  authorize,
  bookingBody,
  bookingHarness,
  invariantViolations,
  searchOffers,
  type BookingHarness,
} from './test-support/booking-harness.js';

describe.each(sqlBackends())('booking end to end on $name', (backend) => {
  let sql: SqlClient;
  let harness: BookingHarness;

  beforeAll(async () => {
    sql = await backend.open();
    harness = await bookingHarness(sql);
  });
  afterAll(async () => {
    await harness?.close();
    await sql?.close();
  });

  it('authorizes, books, confirms and lists a booking for a signed-out traveller', async () => {
    console.time('search');
    const [offer] = await searchOffers(harness, 30);
    console.timeEnd('search');
    console.time('pay');
    const payment = await authorize(harness, offer!);
    expect(payment.status, JSON.stringify(payment.body)).toBe(200);
    expect(payment.body).toMatchObject({ success: true, paymentId: expect.stringMatching(/^pi_/) });
    console.timeEnd('pay');
    console.time('book');
    const agent = harness.agent();
    const booked = await agent.post('/api/bookings').set('Idempotency-Key', 'first-booking-1').send(bookingBody(offer!, payment.body.paymentId));
    console.timeEnd('book');
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body).toMatchObject({ id: expect.any(String), duffelBookingId: expect.any(String), accountCreated: true });
    expect(booked.body.accountInfo).toMatchObject({ username: 'jane.traveller', email: 'jane.traveller@example.com' });
    expect(booked.body.emailContent).toContain(booked.body.duffelBookingId.slice(0, 8).toUpperCase());
    const one = await agent.get(`/api/bookings/${booked.body.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ status: 'confirmed', bookingData: { total_currency: offer!.total_currency } });
    expect(await invariantViolations(harness)).toEqual([]);
  }, 60_000);
});
