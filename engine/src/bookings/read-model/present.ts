import type { Clock } from '../../clock.js';
import type { EventStore } from '../../eventstore/eventstore.js';
import { bookingDecider } from '../domain/decider.js';
import { bookingStreamName } from '../domain/events.js';
import { foldBooking, type StartedState } from '../domain/state.js';
import { openPassengers } from '../pii/passengers.js';
import type { PiiVault } from '../pii/vault.js';
import { bookingRowOf, type BookingRow } from './row.js';
import { bookingViewOf, passengerViews, type BookingView } from './view.js';

interface PresentDeps {
  vault: PiiVault;
  clock: Clock;
}

/** A read-model row as the API answers it: passenger names opened from their sealed data. */
export async function presentRow(deps: PresentDeps, row: BookingRow): Promise<BookingView> {
  const passengers = passengerViews(await openPassengers(deps.vault, row.passengers));
  return bookingViewOf(row, deps.clock.now(), passengers);
}

export interface PresentedBooking {
  state: StartedState;
  row: BookingRow;
  view: BookingView;
}

/** A booking straight from its stream, folded the read model's way: always current, for the answer right after a write. */
export async function presentFromStream(
  deps: PresentDeps & { eventStore: EventStore },
  bookingId: string,
): Promise<PresentedBooking | undefined> {
  const recorded = await deps.eventStore.readStream(bookingStreamName(bookingId));
  const events = recorded.map((stored) => ({
    event: bookingDecider.parse({ type: stored.type, data: stored.data }),
    at: stored.metadata.timestamp,
  }));
  const state = foldBooking(events.map(({ event }) => event));
  const row = bookingRowOf(events);
  if (state.phase === 'none' || !row) return undefined;
  return { state, row, view: await presentRow(deps, row) };
}
