import type { EventContext } from '../../eventstore/metadata.js';
import type { JobContext } from '../../jobs/job-queue.js';
import type { BookingCommand } from '../domain/commands.js';
import { handleBookingCommands, type HandledBooking } from '../booking-stream.js';
import type { BookingDeps } from '../deps.js';

/** Who the events a job writes come from: the job, within the request that enqueued it. */
export function jobEventContext(job: JobContext, brand: string, correlationId: string | undefined): EventContext {
  return { correlationId: correlationId ?? job.jobId, causationId: job.jobId, actor: `job:${job.queue}`, brand };
}

/** Decides and appends commands for a job, re-reading when another writer got there first. */
export function bookingCommands(
  deps: Pick<BookingDeps, 'eventStore' | 'clock'>,
  bookingId: string,
  context: EventContext,
) {
  return (commands: BookingCommand | readonly BookingCommand[]): Promise<HandledBooking> =>
    handleBookingCommands(deps.eventStore, bookingId, commands, { context, clock: deps.clock, retriesOnConflict: 5 });
}

export type RunCommands = ReturnType<typeof bookingCommands>;
