import type { HistoryEntry, HistoryState } from '@contrail/shared/admin/operations';
import type { EventStore } from '../../eventstore/eventstore.js';
import { bookingDecider } from '../domain/decider.js';
import { bookingStreamName, type BookingEvent, type PassengerRecord } from '../domain/events.js';
import { evolve, failureOf, initialBookingState, type BookingState } from '../domain/state.js';
import type { PiiVault } from '../pii/vault.js';
import { statusOf } from '../read-model/view.js';

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

async function stateShown(vault: PiiVault, state: BookingState, reveal: boolean): Promise<HistoryState> {
  const opened = state.phase === 'none' ? undefined : state;
  return {
    phase: state.phase,
    status: statusOf(state.phase),
    customerId: opened?.booking.customerId ?? null,
    price: opened?.booking.price ?? null,
    offerExpired: state.phase === 'failed' && state.offerExpired,
    passengers: await passengersShown(vault, opened?.passengers ?? [], reveal),
    erasedPassengerIds: opened?.erasedPassengerIds ?? [],
    seats: opened?.seats ?? [],
    bags: opened?.bags ?? [],
    payment: state.payment,
    order: state.order,
    failure: failureOf(state),
    cancellationRefund: 'cancellationRefund' in state ? state.cancellationRefund : null,
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
  const recorded = await eventStore.readStream(bookingStreamName(bookingId));
  let state: BookingState = initialBookingState;
  const entries: HistoryEntry[] = [];
  for (const event of recorded) {
    const domain = bookingDecider.parse({ type: event.type, data: event.data });
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
