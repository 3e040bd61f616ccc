import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import type { EventMetadata } from '../eventstore/eventstore.js';
import { eventStoreBackends, type OpenedEventStore } from '../test-support/eventstore.js';
import { handleBookingCommands, loadBooking } from './booking-stream.js';
import { bookingDecider } from './domain/decider.js';
import { bookingStreamName } from './domain/events.js';
import { startData, usd } from './test-support/decider-spec.js';

const at = '2026-11-22T12:00:00.000Z';
const sealed = { keyId: 'k', iv: 'aQ==', tag: 'dA==', data: 'ZA==' };

/** Metadata as stored before events carried a schema version. */
const unversioned = (): EventMetadata => ({
  eventId: randomUUID(),
  correlationId: 'old',
  causationId: null,
  actor: 'system',
  brand: 'default',
  timestamp: at,
});

/** A booking's events in their first shapes: no itinerary, no failure code, no quote on a cancellation. */
const { itinerary: _itinerary, ...startedV1 } = startData;
const oldStart = (bookingId: string) => ({ type: 'BookingStarted', data: { ...startedV1, bookingId } });
const checkout = [
  { type: 'PassengersProvided', data: { passengers: [{ passengerId: 'pas_1', type: 'adult', pii: sealed }], at } },
  { type: 'PaymentAuthorized', data: { paymentId: 'pi_1', amount: usd(55_350), cardLast4: '4242', at } },
];
const confirmed = [
  { type: 'OrderCreated', data: { orderId: 'ord_1', bookingReference: 'ABC123', at } },
  { type: 'PaymentCaptured', data: { paymentId: 'pi_1', amount: usd(55_350), at } },
  { type: 'BookingConfirmed', data: { orderId: 'ord_1', bookingReference: 'ABC123', at } },
];

describe.each(eventStoreBackends())('a booking stream written in old shapes ($name)', (backend) => {
  let opened: OpenedEventStore;
  beforeAll(async () => {
    opened = await backend.open();
  });
  afterAll(async () => {
    await opened.close();
  });

  async function written(events: { type: string; data: object }[]): Promise<string> {
    const bookingId = `old-${randomUUID()}`;
    const stored = events.map((event) => ({ ...event, metadata: unversioned() }));
    await opened.store.append(bookingStreamName(bookingId), stored, 'no_stream');
    return bookingId;
  }

  it('replays a quote-less cancellation through the upcasters', async () => {
    const bookingId = await written([
      oldStart('b'),
      ...checkout,
      ...confirmed,
      { type: 'CancellationRequested', data: { requestedBy: 'u1', at } },
    ]);
    const { state } = await loadBooking(opened.store, bookingId);
    expect(state.phase).toBe('cancelling');
    if (state.phase !== 'cancelling') return;
    expect(state.booking.itinerary).toBeNull();
    expect(state.quote).toBeNull();
    expect(state.order.bookingReference).toBe('ABC123');
  });

  it('replays a failure recorded before failure codes, and appends to it in the shapes of today', async () => {
    const bookingId = await written([
      oldStart('b'),
      ...checkout,
      { type: 'OrderFailed', data: { reason: 'no', code: null, at } },
    ]);
    const loaded = await loadBooking(opened.store, bookingId);
    expect(loaded.state.phase).toBe('failed');
    if (loaded.state.phase !== 'failed') return;
    expect(loaded.state.failureCode).toBeNull();
    expect(loaded.state.failure).toBe('no');

    const clock = new ManualClock(at);
    const options = { clock, context: { correlationId: 'new', actor: 'system', brand: 'default' } };
    await handleBookingCommands(
      opened.store,
      bookingId,
      { type: 'RecordPaymentVoid', data: { paymentId: 'pi_1', reason: 'order failed', at } },
      options,
    );
    const stored = await opened.store.readStream(bookingStreamName(bookingId));
    expect(stored.slice(0, -1).map((event) => event.metadata.schemaVersion)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(stored.at(-1)).toMatchObject({
      type: 'PaymentVoided',
      metadata: { schemaVersion: bookingDecider.parse.versionOf('PaymentVoided') },
    });
    expect(bookingDecider.parse.versionOf('OrderFailed')).toBe(2);
    expect((await loadBooking(opened.store, bookingId)).state).toMatchObject({ phase: 'failed', failureCode: null });
  });
});
