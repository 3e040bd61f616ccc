import type { Clock } from '../clock.js';
import { WrongExpectedRevisionError, type EventStore, type ExpectedRevision } from '../eventstore/eventstore.js';
import { withMetadata, type EventContext } from '../eventstore/metadata.js';
import type { BookingCommand } from './commands.js';
import { decideAll } from './decider.js';
import { bookingStreamName, type BookingEvent } from './events.js';
import { foldBooking, type BookingState } from './state.js';

export interface LoadedBooking {
  state: BookingState;
  /** The stream's revision (its last event's), or 'no_stream': the next append expects exactly this. */
  revision: bigint | 'no_stream';
}

export async function loadBooking(store: EventStore, bookingId: string): Promise<LoadedBooking> {
  const recorded = await store.readStream<BookingEvent>(bookingStreamName(bookingId));
  const events = recorded.map(({ type, data }) => ({ type, data }) as BookingEvent);
  const last = recorded.at(-1);
  return { state: foldBooking(events), revision: last ? last.revision : 'no_stream' };
}

export interface HandleOptions {
  context: EventContext;
  clock: Clock;
  /**
   * How many times to re-read and decide again when another writer appended first. 0 (default):
   * the WrongExpectedRevisionError reaches the caller. Either way two racing commands never both win.
   */
  retriesOnConflict?: number;
}

export interface HandledBooking {
  events: BookingEvent[];
  state: BookingState;
  revision: bigint | 'no_stream';
}

/**
 * Reads a booking, decides the commands against it (all or none) and appends the events with the
 * stream's expected revision. A refusal (BookingRefused) appends nothing.
 */
export async function handleBookingCommands(
  store: EventStore,
  bookingId: string,
  commands: BookingCommand | readonly BookingCommand[],
  options: HandleOptions,
): Promise<HandledBooking> {
  const list = Array.isArray(commands) ? commands : [commands as BookingCommand];
  for (let attempt = 0; ; attempt += 1) {
    const { state, revision } = await loadBooking(store, bookingId);
    const events = decideAll(list, state);
    if (events.length === 0) return { events, state, revision };
    const expected: ExpectedRevision = revision;
    try {
      const result = await store.append(
        bookingStreamName(bookingId),
        withMetadata(events, options.context, options.clock),
        expected,
      );
      return { events, state: foldBooking(events, state), revision: result.nextExpectedRevision };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= (options.retriesOnConflict ?? 0)) throw error;
    }
  }
}
