import type { LoadedStream } from '../../eventstore/command-handler.js';
import type { EventContext } from '../../eventstore/metadata.js';
import type { JobContext } from '../../jobs/job-queue.js';
import type { BookingCommand } from '../domain/commands.js';
import type { BookingState } from '../domain/state.js';
import { handleBookingCommands, type HandledBooking } from '../booking-stream.js';
import type { BookingDeps } from '../deps.js';

/** Who the events a job writes come from: the job, within the request that enqueued it. */
export function jobEventContext(job: JobContext, brand: string, correlationId: string | undefined): EventContext {
  return { correlationId: correlationId ?? job.jobId, causationId: job.jobId, actor: `job:${job.queue}`, brand };
}

/**
 * Decides and appends commands for a job, re-reading when another writer got there first. The
 * booking as the job read it (`loaded`), then as each append left it, is what the next commands
 * are decided against: a job reads its booking once unless another writer interferes.
 */
export function bookingCommands(
  deps: Pick<BookingDeps, 'eventStore' | 'clock'>,
  bookingId: string,
  context: EventContext,
  loaded?: LoadedStream<BookingState>,
) {
  let known = loaded && { state: loaded.state, revision: loaded.revision };
  return async (commands: BookingCommand | readonly BookingCommand[]): Promise<HandledBooking> => {
    try {
      const handled = await handleBookingCommands(deps.eventStore, bookingId, commands, {
        context,
        clock: deps.clock,
        retriesOnConflict: 5,
        ...(known && { known }),
      });
      known = { state: handled.state, revision: handled.revision };
      return handled;
    } catch (error) {
      known = undefined;
      throw error;
    }
  };
}

export type RunCommands = ReturnType<typeof bookingCommands>;
