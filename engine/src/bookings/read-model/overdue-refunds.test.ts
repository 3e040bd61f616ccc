import { overdueRefundsSchema } from '@contrail/shared/booking/refund-progress';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingHarness } from '../test-support/booking-harness.js';
import type { RecordedEvent } from '../../eventstore/eventstore.js';
import type { SqlClient } from '../../storage/sql.js';
import { sqlBackends } from '../../test-support/sql.js';
import type { BookingEvent } from '../domain/events.js';
import { overdueRefunds } from './overdue-refunds.js';
import { bookingsProjection } from './projection.js';

/** Issue 36: support's list of refunds the airline paid over 7 days ago that the traveller still waits for. */
const NOW = new Date('2026-11-20T12:00:00.000Z');
const T0 = '2026-11-01T12:00:00.000Z';
const usd = (amount: number) => ({ amount, currency: 'USD' });

function cancelledBooking(bookingId: string, brandKey: string, airlinePaidAt: string, cardPaidAt?: string) {
  const events: BookingEvent[] = [
    {
      type: 'BookingStarted',
      data: {
        bookingId,
        brandKey,
        offerId: 'off_1',
        customerId: null,
        price: usd(10_000),
        offerExpiresAt: '2026-11-01T12:30:00.000Z',
        passportRequired: false,
        cancellable: true,
        departsAt: '2026-12-20T18:00:00.000Z',
        arrivesAt: '2026-12-20T21:00:00.000Z',
        itinerary: null,
        at: T0,
      },
    },
    {
      type: 'PaymentAuthorized',
      data: { paymentId: `pi_${bookingId}`, amount: usd(10_000), cardLast4: '4242', at: T0 },
    },
    {
      type: 'OrderCreated',
      data: { orderId: `ord_${bookingId}`, bookingReference: 'ABC123', providerTotal: null, at: T0 },
    },
    { type: 'PaymentCaptured', data: { paymentId: `pi_${bookingId}`, amount: usd(10_000), fee: null, at: T0 } },
    { type: 'BookingConfirmed', data: { orderId: `ord_${bookingId}`, bookingReference: 'ABC123', at: T0 } },
    { type: 'CancellationRequested', data: { requestedBy: null, quoteId: null, at: airlinePaidAt } },
    {
      type: 'OrderCancelled',
      data: { cancellationId: `ore_${bookingId}`, refund: usd(8_000), providerRefund: usd(8_000), at: airlinePaidAt },
    },
    { type: 'BookingCancelled', data: { at: airlinePaidAt } },
  ];
  if (cardPaidAt)
    events.push({
      type: 'RefundIssued',
      data: {
        refundId: `re_${bookingId}`,
        paymentId: `pi_${bookingId}`,
        amount: usd(8_000),
        fee: null,
        at: cardPaidAt,
      },
    });
  return events.map(
    (event, revision) =>
      ({
        ...event,
        streamName: `booking-${bookingId}`,
        revision: BigInt(revision),
        position: { commit: 1n, prepare: BigInt(revision + 1) },
        metadata: {
          eventId: `${bookingId}-${revision}`,
          correlationId: 'c',
          causationId: null,
          actor: 'test',
          brand: brandKey,
          timestamp: event.data.at,
        },
      }) as RecordedEvent,
  );
}

describe.each(sqlBackends())('overdue refunds on $name', (backend) => {
  let sql: SqlClient;
  beforeAll(async () => {
    sql = await backend.open();
    const bookings = [
      cancelledBooking('r-late', 'default', '2026-11-10T09:00:00.000Z'),
      cancelledBooking('r-later', 'skyhop', '2026-11-05T09:00:00.000Z'),
      cancelledBooking('r-paid', 'default', '2026-11-05T09:00:00.000Z', '2026-11-06T09:00:00.000Z'),
      cancelledBooking('r-recent', 'default', '2026-11-15T09:00:00.000Z'),
    ];
    for (const events of bookings) for (const event of events) await bookingsProjection.apply(sql, event);
  });
  afterAll(async () => {
    await sql?.query(`DELETE FROM booking_views WHERE booking_id LIKE 'r-%'`);
    await sql?.close();
  });

  it('lists the refunds past the 7 days since the airline paid, oldest first, without paid or recent ones', async () => {
    expect(await overdueRefunds(sql, NOW)).toEqual([
      {
        bookingId: 'r-later',
        reference: 'ABC123',
        brandKey: 'skyhop',
        amount: '80.00',
        currency: 'USD',
        airlinePaidAt: '2026-11-05T09:00:00.000Z',
        promisedBy: '2026-11-12T09:00:00.000Z',
        daysSinceAirlinePaid: 15,
      },
      expect.objectContaining({
        bookingId: 'r-late',
        promisedBy: '2026-11-17T09:00:00.000Z',
        daysSinceAirlinePaid: 10,
      }),
    ]);
  });

  it('keeps to one brand when asked', async () => {
    expect((await overdueRefunds(sql, NOW, 'default')).map((refund) => refund.bookingId)).toEqual(['r-late']);
  });

  it('is support’s list at GET /api/admin/refunds/overdue: a brand admin sees their brand’s, a traveller nothing', async () => {
    const harness = await bookingHarness(sql, { workers: false });
    try {
      const sign = async (username: string, isAdmin: boolean) => {
        const person = { firstName: 'Sam', lastName: 'Support', password: 'Support-Password-1' };
        await harness.booking.accounts.register(
          'default',
          { ...person, username, email: `${username}@example.com` },
          { isAdmin },
        );
        const agent = harness.agent();
        await agent.post('/api/auth/login').send({ username, password: person.password }).expect(200);
        return agent;
      };
      const admin = await sign('refund-support', true);
      const all = await admin.get('/api/admin/refunds/overdue');
      expect(all.status, JSON.stringify(all.body)).toBe(200);
      const ids = overdueRefundsSchema.parse(all.body).refunds.map((refund) => refund.bookingId);
      // A brand's admin sees their brand's refunds only (r-later is SkyHop's); never a paid one.
      expect(ids).toContain('r-late');
      expect(ids).not.toContain('r-later');
      expect(ids).not.toContain('r-paid');
      const traveller = await sign('refund-traveller', false);
      expect((await traveller.get('/api/admin/refunds/overdue')).status).toBe(403);
      expect((await admin.get('/api/admin/refunds/overdue').query({ brand: 'skyhop' })).status).toBe(403);
    } finally {
      await harness.close();
    }
  });
});
