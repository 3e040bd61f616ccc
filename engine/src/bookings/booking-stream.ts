import {
  handleCommand,
  type CommandOptions,
  type HandledCommand,
  type LoadedStream,
} from '../eventstore/command-handler.js';
import type { EventStore, Position, RecordedEvent } from '../eventstore/eventstore.js';
import type { BookingCommand } from './domain/commands.js';
import { bookingDecider } from './domain/decider.js';
import { bookingStreamName, type BookingEvent } from './domain/events.js';
import { foldBooking, type BookingState } from './domain/state.js';

export type HandledBooking = HandledCommand<BookingEvent, BookingState>;

/** A booking event with the time it was recorded (its metadata's timestamp). */
export interface TimedBookingEvent {
  event: BookingEvent;
  at: string;
}

/**
 * A booking as read once: its state and revision (to decide the next commands without reading
 * again) and its events with their times (to present it without reading again).
 */
export interface LoadedBooking extends LoadedStream<BookingState> {
  history: TimedBookingEvent[];
  /** Where its last event stands in the global order, when it was read from the store. */
  position?: Position;
}

/** A booking stream read through its decider: every event parsed and upcast, then folded. */
export async function loadBooking(store: EventStore, bookingId: string): Promise<LoadedBooking> {
  const recorded = await store.readStream(bookingStreamName(bookingId));
  const history = recorded.map((stored) => ({
    event: bookingDecider.parse(stored),
    at: stored.metadata.timestamp,
  }));
  const last = recorded.at(-1);
  return {
    state: foldBooking(history.map(({ event }) => event)),
    revision: last ? last.revision : 'no_stream',
    history,
    ...(last && { position: last.position }),
  };
}

/** A booking with no event yet: what a booking id that was just made up reads as, without reading it. */
export function newBooking(): LoadedBooking {
  return { state: bookingDecider.initialState, revision: 'no_stream', history: [] };
}

/**
 * The booking as it reads after `handled`, which was decided against `before`; undefined when
 * the handler found `before` stale and read the stream again (its history is then not known here).
 */
export function bookingAfter(before: LoadedBooking, handled: HandledBooking): LoadedBooking | undefined {
  const revisionOf = (revision: bigint | 'no_stream') => (revision === 'no_stream' ? -1n : revision);
  if (revisionOf(handled.revision) !== revisionOf(before.revision) + BigInt(handled.appended.length)) return undefined;
  const appended = handled.appended.map(({ type, data, metadata }) => ({
    event: { type, data } as BookingEvent,
    at: metadata.timestamp,
  }));
  return { state: handled.state, revision: handled.revision, history: [...before.history, ...appended] };
}

/**
 * The booking as it reads after these events of its stream (a subscription's, in any order, some
 * perhaps already in `before`); undefined when they do not follow `before` without a gap.
 */
export function bookingFollowedBy(
  before: LoadedBooking,
  recorded: readonly RecordedEvent[],
): LoadedBooking | undefined {
  const last = before.revision === 'no_stream' ? -1n : before.revision;
  const next = [...new Map(recorded.filter((event) => event.revision > last).map((event) => [event.revision, event]))]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, event]) => event);
  if (next.some((event, index) => event.revision !== last + 1n + BigInt(index))) return undefined;
  let { state } = before;
  const history = [...before.history];
  for (const stored of next) {
    const event = bookingDecider.parse(stored);
    state = bookingDecider.evolve(state, event);
    history.push({ event, at: stored.metadata.timestamp });
  }
  return { state, revision: next.at(-1)?.revision ?? before.revision, history };
}

/**
 * Reads a booking, decides the commands against it (all or none), appends with the expected
 * revision. With `options.known`, the read is skipped unless the append shows it stale.
 */
export function handleBookingCommands(
  store: EventStore,
  bookingId: string,
  commands: BookingCommand | readonly BookingCommand[],
  options: CommandOptions<BookingState>,
): Promise<HandledBooking> {
  return handleCommand(store, bookingStreamName(bookingId), bookingDecider, commands, options);
}
