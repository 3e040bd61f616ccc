import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import type { EventMetadata } from '../eventstore/eventstore.js';
import { eventStoreBackends, type OpenedEventStore } from '../test-support/eventstore.js';
import { handleBookingCommands, loadBooking } from './booking-stream.js';
import { bookingDecider } from './domain/decider.js';
import { bookingStreamName, parseBookingEvent, type BookingEvent } from './domain/events.js';
import { revenueStep, type RevenueBooking } from '../revenue/booking-money.js';
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

/** Issue 32's money fields, optional in version 1: each old event below has none of them, or (`fee` on the capture) has it. */
const paidV1 = [
  { type: 'OrderCreated', data: { orderId: 'ord_1', bookingReference: 'ABC123', at } },
  { type: 'PaymentCaptured', data: { paymentId: 'pi_1', amount: usd(55_350), fee: usd(1_635), at } },
  { type: 'BookingConfirmed', data: { orderId: 'ord_1', bookingReference: 'ABC123', at } },
];
const cancelledV1 = [
  { type: 'CancellationRequested', data: { requestedBy: 'u1', quoteId: null, at } },
  { type: 'OrderCancelled', data: { cancellationId: 'ore_1', refund: usd(40_000), at } },
  { type: 'RefundIssued', data: { refundId: 're_1', paymentId: 'pi_1', amount: usd(40_000), at } },
  { type: 'BookingCancelled', data: { at } },
];
const bag = {
  serviceId: 'ase_bag',
  kind: 'checked',
  passengerIds: ['pas_1'],
  segmentIds: ['seg_1'],
  quantity: 1,
  price: usd(4_500),
};
const extrasV1 = [
  { type: 'ExtrasRequested', data: { purchaseId: 'xtr_1', bags: [bag], amount: usd(4_500), knownServiceIds: [], at } },
  {
    type: 'PurchasePaymentAuthorized',
    data: { purchaseId: 'xtr_1', paymentId: 'pi_2', amount: usd(4_500), cardLast4: '4242', at },
  },
  {
    type: 'PurchaseConfirmed',
    data: {
      purchaseId: 'xtr_1',
      serviceIds: ['ser_1'],
      kind: 'extras',
      amount: usd(4_500),
      change: null,
      bags: [bag],
      at,
    },
  },
  { type: 'PurchasePaymentCaptured', data: { purchaseId: 'xtr_1', paymentId: 'pi_2', amount: usd(4_500), at } },
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

  it('replays money events from before their money fields were required: a missing one reads as not recorded, a recorded one is kept', async () => {
    const bookingId = await written([oldStart('b'), ...checkout, ...paidV1, ...extrasV1, ...cancelledV1]);
    const { state } = await loadBooking(opened.store, bookingId);
    expect(state).toMatchObject({ phase: 'cancelled', purchases: [{ purchaseId: 'xtr_1', paymentId: 'pi_2' }] });

    const events = (await opened.store.readStream(bookingStreamName(bookingId))).map(parseBookingEvent);
    const data = (type: BookingEvent['type']) => events.find((event) => event.type === type)!.data;
    expect(data('OrderCreated')).toMatchObject({ providerTotal: null });
    expect(data('PaymentCaptured')).toMatchObject({ fee: usd(1_635) });
    expect(data('PurchasePaymentCaptured')).toMatchObject({ fee: null });
    expect(data('OrderCancelled')).toMatchObject({ providerRefund: null });
    expect(data('RefundIssued')).toMatchObject({ fee: null });
    for (const type of ['OrderCreated', 'PaymentCaptured', 'PurchasePaymentCaptured', 'OrderCancelled', 'RefundIssued'])
      expect(bookingDecider.parse.versionOf(type), type).toBe(2);

    // The revenue figures count what was recorded and flag what was not, rather than guess it.
    let booking: RevenueBooking | null = null;
    let incomplete = 0;
    for (const event of events) {
      const step = revenueStep(booking, event);
      booking = step.booking;
      for (const { add } of step.figures) incomplete += add.incompleteBookings ?? 0;
    }
    expect(booking).toMatchObject({ providerCost: null, captured: 55_350 + 4_500, refunded: 40_000, cancelled: true });
    expect(incomplete).toBe(2);
  });
});
