import {
  handleCommand,
  loadStream,
  type CommandOptions,
  type HandledCommand,
  type LoadedStream,
} from '../eventstore/command-handler.js';
import type { EventStore } from '../eventstore/eventstore.js';
import type { BookingCommand } from './domain/commands.js';
import { bookingDecider } from './domain/decider.js';
import { bookingStreamName, type BookingEvent } from './domain/events.js';
import type { BookingState } from './domain/state.js';

export type HandledBooking = HandledCommand<BookingEvent, BookingState>;

/** A booking stream read through its decider: every event parsed and upcast, then folded. */
export function loadBooking(store: EventStore, bookingId: string): Promise<LoadedStream<BookingState>> {
  return loadStream(store, bookingStreamName(bookingId), bookingDecider);
}

/** Reads a booking, decides the commands against it (all or none), appends with the expected revision. */
export function handleBookingCommands(
  store: EventStore,
  bookingId: string,
  commands: BookingCommand | readonly BookingCommand[],
  options: CommandOptions,
): Promise<HandledBooking> {
  return handleCommand(store, bookingStreamName(bookingId), bookingDecider, commands, options);
}
