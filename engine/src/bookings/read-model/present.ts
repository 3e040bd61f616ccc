import type { Clock } from '../../clock.js';
import type { EventStore } from '../../eventstore/eventstore.js';
import { bookingStreamName, type BookingEvent } from '../events.js';
import { openPassengers } from '../passengers.js';
import type { PiiVault } from '../pii/vault.js';
import { foldBooking, type BookingState } from '../state.js';
import type { BookingRow } from './queries.js';
import { bookingViewOf, passengerViews, type BookingView } from './view.js';

interface PresentDeps {
  vault: PiiVault;
  clock: Clock;
}

/** A read-model row as the API answers it: passenger names opened from their sealed data. */
export async function presentRow(deps: PresentDeps, row: BookingRow): Promise<BookingView> {
  const passengers = passengerViews(await openPassengers(deps.vault, row.state.passengers));
  return bookingViewOf(
    row.state,
    { createdAt: row.createdAt, updatedAt: row.updatedAt, now: deps.clock.now() },
    passengers,
  );
}

/** A booking straight from its stream: always current, for the answer right after a write. */
export async function presentFromStream(
  deps: PresentDeps & { eventStore: EventStore },
  bookingId: string,
): Promise<{ state: BookingState; view: BookingView } | undefined> {
  const recorded = await deps.eventStore.readStream<BookingEvent>(bookingStreamName(bookingId));
  if (recorded.length === 0) return undefined;
  const state = foldBooking(recorded.map(({ type, data }) => ({ type, data }) as BookingEvent));
  if (!state.booking) return undefined;
  const passengers = passengerViews(await openPassengers(deps.vault, state.passengers));
  const times = {
    createdAt: recorded[0]!.metadata.timestamp,
    updatedAt: recorded.at(-1)!.metadata.timestamp,
    now: deps.clock.now(),
  };
  return { state, view: bookingViewOf(state, times, passengers) };
}
