import type { EventStore, RecordedEvent } from '../eventstore/eventstore.js';
import { bookingStreamName, type BookingEvent, type PassengerRecord } from './events.js';
import type { PiiVault } from './pii/vault.js';
import { statusOf } from './read-model/view.js';
import { evolve, initialBookingState, type BookingState } from './state.js';

export interface HistoryEntry {
  revision: string;
  type: string;
  at: string;
  actor: string;
  correlationId: string;
  data: unknown;
  stateAfter: unknown;
}

const SEALED = '[sealed]';

async function passengersShown(vault: PiiVault, records: readonly PassengerRecord[], reveal: boolean) {
  return Promise.all(
    records.map(async (record) => ({
      passengerId: record.passengerId,
      type: record.type,
      pii: reveal ? ((await vault.open(record.pii)) ?? '[erased]') : SEALED,
    })),
  );
}

async function stateShown(vault: PiiVault, state: BookingState, reveal: boolean) {
  return {
    phase: state.phase,
    status: statusOf(state.phase),
    customerId: state.booking?.customerId ?? null,
    price: state.booking?.price ?? null,
    offerExpired: state.offerExpired,
    passengers: await passengersShown(vault, state.passengers, reveal),
    erasedPassengerIds: state.erasedPassengerIds,
    seats: state.seats,
    payment: state.payment,
    order: state.order,
    failure: state.failure,
    cancellationRefund: state.cancellationRefund,
  };
}

async function dataShown(vault: PiiVault, event: BookingEvent, reveal: boolean): Promise<unknown> {
  if (event.type === 'PassengersProvided') {
    return { ...event.data, passengers: await passengersShown(vault, event.data.passengers, reveal) };
  }
  if (event.type === 'BookingStarted') {
    const { itinerary: _itinerary, ...rest } = event.data;
    return rest;
  }
  return event.data;
}

/** Every event of a booking in order, with when, who and the state after it; personal data sealed unless revealed. */
export async function bookingHistory(
  eventStore: EventStore,
  vault: PiiVault,
  bookingId: string,
  reveal: boolean,
): Promise<HistoryEntry[]> {
  const recorded = (await eventStore.readStream<BookingEvent>(
    bookingStreamName(bookingId),
  )) as RecordedEvent<BookingEvent>[];
  let state = initialBookingState;
  const entries: HistoryEntry[] = [];
  for (const event of recorded) {
    const domain = { type: event.type, data: event.data } as BookingEvent;
    state = evolve(state, domain);
    entries.push({
      revision: event.revision.toString(),
      type: event.type,
      at: event.metadata.timestamp,
      actor: event.metadata.actor,
      correlationId: event.metadata.correlationId,
      data: await dataShown(vault, domain, reveal),
      stateAfter: await stateShown(vault, state, reveal),
    });
  }
  return entries;
}
