import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { WrongExpectedRevisionError, type EventStore } from '../eventstore/eventstore.js';
import { eventStoreBackends, type OpenedEventStore } from '../test-support/eventstore.js';
import { bookingAfter, handleBookingCommands, loadBooking, newBooking } from './booking-stream.js';
import type { BookingCommand } from './domain/commands.js';
import { Refusal } from './domain/decider.js';
import { bookingStreamName } from './domain/events.js';

const clock = new ManualClock('2026-11-22T12:00:00Z');
const at = '2026-11-22T12:00:00.000Z';
const options = { clock, context: { correlationId: 'test', actor: 'system', brand: 'default' } };
const usd = (amount: number) => ({ amount, currency: 'USD' });

const start = (bookingId: string): BookingCommand => ({
  type: 'StartBooking',
  data: {
    bookingId,
    brandKey: 'default',
    offerId: 'off_1',
    customerId: null,
    price: usd(10_000),
    offerExpiresAt: '2026-11-22T12:30:00.000Z',
    passportRequired: false,
    cancellable: true,
    departsAt: null,
    arrivesAt: null,
    itinerary: null,
    at,
  },
});
const passengers: BookingCommand = {
  type: 'ProvidePassengers',
  data: {
    passengers: [{ passengerId: 'pas_1', type: 'adult', pii: { keyId: 'k', iv: 'aQ==', tag: 'dA==', data: 'ZA==' } }],
    at,
  },
};
const authorize = (paymentId: string): BookingCommand => ({
  type: 'RecordPaymentAuthorization',
  data: { paymentId, amount: usd(10_000), cardLast4: '4242', at },
});

/** A store that counts its stream reads. */
function counting(store: EventStore): EventStore & { reads: number } {
  const counted = {
    kind: store.kind,
    reads: 0,
    append: store.append.bind(store),
    readAll: store.readAll.bind(store),
    headPosition: store.headPosition.bind(store),
    subscribeToAll: store.subscribeToAll.bind(store),
    close: store.close.bind(store),
    readStream: ((...args: Parameters<EventStore['readStream']>) => {
      counted.reads += 1;
      return store.readStream(...args);
    }) as EventStore['readStream'],
  };
  return counted;
}

/** A store whose first `count` stream reads wait for each other: the racers surely read the same revision. */
function racing(store: EventStore, count = 2): EventStore {
  let waiting = 0;
  let release!: () => void;
  const allRead = new Promise<void>((resolve) => (release = resolve));
  return {
    kind: store.kind,
    append: (...args) => store.append(...args),
    readAll: (...args) => store.readAll(...args),
    headPosition: () => store.headPosition(),
    subscribeToAll: (...args) => store.subscribeToAll(...args),
    close: () => store.close(),
    async readStream(...args) {
      const events = await store.readStream(...args);
      if (waiting < count) {
        waiting += 1;
        if (waiting === count) release();
        await allRead;
      }
      return events as never;
    },
  };
}

describe.each(eventStoreBackends())('booking streams on $name', (backend) => {
  let opened: OpenedEventStore;
  beforeAll(async () => {
    opened = await backend.open();
  });
  afterAll(async () => {
    await opened?.close();
  });

  it('appends decided events with their metadata and folds them back', async () => {
    const id = randomUUID();
    const handled = await handleBookingCommands(opened.store, id, [start(id), passengers, authorize('pi_1')], options);
    expect(handled.events.map((event) => event.type)).toEqual([
      'BookingStarted',
      'PassengersProvided',
      'PaymentAuthorized',
    ]);
    expect(handled.revision).toBe(2n);
    const loaded = await loadBooking(opened.store, id);
    expect(loaded).toMatchObject({ state: handled.state, revision: 2n });
    expect(loaded.history.map(({ event, at: time }) => [event.type, time])).toEqual(
      handled.events.map((event) => [event.type, at]),
    );
    const [first] = await opened.store.readStream(bookingStreamName(id));
    expect(first?.metadata).toMatchObject({ actor: 'system', brand: 'default', correlationId: 'test', timestamp: at });
  });

  it('appends nothing on a refusal or a no-op', async () => {
    const id = randomUUID();
    await handleBookingCommands(opened.store, id, [start(id), passengers, authorize('pi_1')], options);
    await expect(handleBookingCommands(opened.store, id, authorize('pi_2'), options)).rejects.toBeInstanceOf(Refusal);
    expect((await handleBookingCommands(opened.store, id, authorize('pi_1'), options)).events).toEqual([]);
    expect((await loadBooking(opened.store, id)).revision).toBe(2n);
  });

  it('lets only one of two racing authorizations win', async () => {
    const id = randomUUID();
    await handleBookingCommands(opened.store, id, [start(id), passengers], options);
    const store = racing(opened.store);
    const results = await Promise.allSettled([
      handleBookingCommands(store, id, authorize('pi_a'), { ...options, retriesOnConflict: 3 }),
      handleBookingCommands(store, id, authorize('pi_b'), { ...options, retriesOnConflict: 3 }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const loser = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(loser.reason).toBeInstanceOf(Refusal);
    expect((loser.reason as Refusal).code).toBe('PAYMENT_ALREADY_AUTHORIZED');
    const events = await opened.store.readStream(bookingStreamName(id));
    expect(events.filter((event) => event.type === 'PaymentAuthorized')).toHaveLength(1);
  });

  it('reports the conflict when not retrying', async () => {
    const id = randomUUID();
    await handleBookingCommands(opened.store, id, [start(id), passengers], options);
    const store = racing(opened.store);
    const results = await Promise.allSettled([
      handleBookingCommands(store, id, authorize('pi_a'), options),
      handleBookingCommands(store, id, authorize('pi_b'), options),
    ]);
    const rejected = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(rejected[0]?.reason).toBeInstanceOf(WrongExpectedRevisionError);
  });

  it('refuses to start the same booking twice', async () => {
    const id = randomUUID();
    const store = racing(opened.store);
    const results = await Promise.allSettled([
      handleBookingCommands(store, id, start(id), options),
      handleBookingCommands(store, id, start(id), options),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect((await opened.store.readStream(bookingStreamName(id))).length).toBe(1);
  });

  it('decides against the booking the caller knows, without reading it, and knows it after', async () => {
    const id = randomUUID();
    const store = counting(opened.store);
    const before = newBooking();
    const started = await handleBookingCommands(store, id, [start(id), passengers], { ...options, known: before });
    const authorized = await handleBookingCommands(store, id, authorize('pi_1'), { ...options, known: started });
    expect(store.reads).toBe(0);
    expect(authorized.revision).toBe(2n);
    const after = bookingAfter(bookingAfter(before, started)!, authorized);
    // What it knows is what a read finds, but for where the read found it in the global order.
    const { position, ...read } = await loadBooking(opened.store, id);
    expect(position).toBeDefined();
    expect(after).toEqual(read);
  });

  it('reads the booking again when what the caller knows is stale: conflicts, refusals and no-ops', async () => {
    const id = randomUUID();
    const stale = newBooking();
    await handleBookingCommands(opened.store, id, [start(id), passengers], options);
    const store = counting(opened.store);
    // Started already: deciding StartBooking again against the empty booking conflicts, then is refused on reading.
    await expect(handleBookingCommands(store, id, start(id), { ...options, known: stale })).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    await expect(
      handleBookingCommands(store, id, start(id), { ...options, known: stale, retriesOnConflict: 1 }),
    ).rejects.toBeInstanceOf(Refusal);
    // Refused against the empty booking (nothing to authorize yet), accepted against the stored one.
    const handled = await handleBookingCommands(store, id, authorize('pi_1'), { ...options, known: stale });
    expect(handled.events.map((event) => event.type)).toEqual(['PaymentAuthorized']);
    expect(bookingAfter(stale, handled)).toBeUndefined();
    // A no-op against what is known is checked against the stream too.
    const known = { state: handled.state, revision: 1n };
    expect((await handleBookingCommands(store, id, authorize('pi_1'), { ...options, known })).revision).toBe(2n);
    expect(store.reads).toBe(3);
  });
});
