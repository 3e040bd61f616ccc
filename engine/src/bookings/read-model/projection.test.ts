import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../eventstore/eventstore.js';
import type { SqlClient } from '../../storage/sql.js';
import { sqlBackends } from '../../test-support/sql.js';
import type { BookingEvent } from '../domain/events.js';
import { bookingsProjection } from './projection.js';
import { BookingReadModel } from './queries.js';
import { bookingRowOf } from './row.js';

const at = '2026-11-22T12:00:00.000Z';
const usd = (amount: number) => ({ amount, currency: 'USD' });
const events: BookingEvent[] = [
  {
    type: 'BookingStarted',
    data: {
      bookingId: 'b-sql',
      brandKey: 'default',
      offerId: 'off_1',
      customerId: 'u1',
      price: usd(10_000),
      offerExpiresAt: '2026-11-22T12:30:00.000Z',
      passportRequired: false,
      cancellable: true,
      departsAt: '2026-12-20T18:00:00.000Z',
      arrivesAt: '2026-12-20T21:00:00.000Z',
      at,
    },
  },
  { type: 'PaymentAuthorized', data: { paymentId: 'pi_1', amount: usd(10_000), cardLast4: '4242', at } },
  { type: 'OrderCreated', data: { orderId: 'ord_1', bookingReference: 'ABC123', at } },
  { type: 'PaymentCaptured', data: { paymentId: 'pi_1', amount: usd(10_000), at } },
  { type: 'BookingConfirmed', data: { orderId: 'ord_1', bookingReference: 'ABC123', at } },
  {
    type: 'TripRescheduled',
    data: { departsAt: '2026-12-22T18:00:00.000Z', arrivesAt: '2026-12-22T21:00:00.000Z', reason: 'moved', at },
  },
];

const recorded = (event: BookingEvent, revision: number): RecordedEvent =>
  ({
    ...event,
    streamName: 'booking-b-sql',
    revision: BigInt(revision),
    position: { commit: 1n, prepare: BigInt(revision + 1) },
    metadata: {
      eventId: `e${revision}`,
      correlationId: 'c',
      causationId: null,
      actor: 'test',
      brand: 'default',
      timestamp: at,
    },
  }) as RecordedEvent;

describe.each(sqlBackends())('the bookings projection on $name', (backend) => {
  let sql: SqlClient;
  beforeAll(async () => {
    sql = await backend.open();
    for (const [revision, event] of events.entries()) await bookingsProjection.apply(sql, recorded(event, revision));
  });
  afterAll(async () => {
    await sql?.close();
  });

  it('stores the row the pure fold gives, columns included', async () => {
    const stored = await new BookingReadModel(sql).get('b-sql');
    expect(stored).toEqual(bookingRowOf(events.map((event) => ({ event, at }))));
  });

  it('completes a rescheduled trip at its new arrival, not its old one', async () => {
    const readModel = new BookingReadModel(sql);
    expect(await readModel.dueForCompletion(new Date('2026-12-21T00:00:00.000Z'))).toEqual([]);
    expect(await readModel.dueForCompletion(new Date('2026-12-23T00:00:00.000Z'))).toEqual(['b-sql']);
  });
});
