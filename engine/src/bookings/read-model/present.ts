import type { Clock } from '../../clock.js';
import type { EventStore } from '../../eventstore/eventstore.js';
import { loadBooking, type LoadedBooking } from '../booking-stream.js';
import type { StartedState } from '../domain/state.js';
import { openPassengers, type OpenedPassenger } from '../pii/passengers.js';
import type { PassengerPii } from '../pii/sealed.js';
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
  /** The travellers as the view opened them (a null `pii` once erased). */
  passengers: OpenedPassenger[];
}

/** A booking straight from its stream, folded the read model's way: always current, for the answer right after a write. */
export async function presentFromStream(
  deps: PresentDeps & { eventStore: EventStore },
  bookingId: string,
): Promise<PresentedBooking | undefined> {
  return presentLoaded(deps, await loadBooking(deps.eventStore, bookingId));
}

/**
 * The same from a booking already read (and as its own appends since left it); `known`: the
 * travellers' data the caller holds in plain (openPassengers).
 */
export async function presentLoaded(
  deps: PresentDeps,
  booking: LoadedBooking,
  known?: ReadonlyMap<string, PassengerPii>,
): Promise<PresentedBooking | undefined> {
  const { state, history } = booking;
  const row = bookingRowOf(history);
  if (state.phase === 'none' || !row) return undefined;
  const passengers = await openPassengers(deps.vault, row.passengers, known);
  return { state, row, view: bookingViewOf(row, deps.clock.now(), passengerViews(passengers)), passengers };
}
