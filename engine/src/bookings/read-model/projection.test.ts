import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../eventstore/eventstore.js';
import type { SqlClient } from '../../storage/sql.js';
import { countingSql } from '../../test-support/counting-sql.js';
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
      itinerary: null,
      at,
    },
  },
  { type: 'PaymentAuthorized', data: { paymentId: 'pi_1', amount: usd(10_000), cardLast4: '4242', at } },
  { type: 'OrderCreated', data: { orderId: 'ord_1', bookingReference: 'ABC123', providerTotal: null, at } },
  { type: 'PaymentCaptured', data: { paymentId: 'pi_1', amount: usd(10_000), fee: null, at } },
  { type: 'BookingConfirmed', data: { orderId: 'ord_1', bookingReference: 'ABC123', at } },
  {
    type: 'TripRescheduled',
    data: { departsAt: '2026-12-22T18:00:00.000Z', arrivesAt: '2026-12-22T21:00:00.000Z', reason: 'moved', at },
  },
];

const recorded = (event: BookingEvent, revision: number, bookingId = 'b-sql'): RecordedEvent =>
  ({
    ...event,
    streamName: `booking-${bookingId}`,
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

  it('applies a batch of one booking in one transaction as event by event, reading its row once', async () => {
    const counted = countingSql(sql);
    const batch = events.map((event) =>
      event.type === 'BookingStarted' ? { ...event, data: { ...event.data, bookingId: 'b-batch' } } : event,
    );
    await counted.transaction(async (tx) => {
      for (const [revision, event] of batch.entries())
        await bookingsProjection.apply(tx, recorded(event, revision, 'b-batch'));
    });
    expect(counted.log.filter((text) => text.startsWith('SELECT'))).toEqual([]);
    expect(counted.log.filter((text) => text.startsWith('INSERT'))).toHaveLength(batch.length);
    const stored = await new BookingReadModel(sql).get('b-batch');
    expect(stored).toEqual(bookingRowOf(batch.map((event) => ({ event, at }))));
    // A later transaction reads the row as stored, and a replayed start leaves it as it is.
    await counted.transaction(async (tx) => {
      await bookingsProjection.apply(tx, recorded(batch[0]!, 0, 'b-batch'));
      await bookingsProjection.apply(tx, recorded(batch[3]!, 3, 'b-batch'));
    });
    expect(await new BookingReadModel(sql).get('b-batch')).toEqual(stored);
    await sql.query('DELETE FROM booking_views WHERE booking_id = $1', ['b-batch']);
  });

  it('completes a rescheduled trip at its new arrival, not its old one', async () => {
    const readModel = new BookingReadModel(sql);
    expect(await readModel.dueForCompletion(new Date('2026-12-21T00:00:00.000Z'))).toEqual([]);
    expect(await readModel.dueForCompletion(new Date('2026-12-23T00:00:00.000Z'))).toEqual(['b-sql']);
  });
});
