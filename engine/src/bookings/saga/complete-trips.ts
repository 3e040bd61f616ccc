import type { JobHandler } from '../../jobs/job-queue.js';
import { Refusal } from '../domain/refusals.js';
import type { BookingDeps } from '../deps.js';
import { BookingReadModel } from '../read-model/queries.js';
import { loadBooking } from '../booking-stream.js';
import { bookingCommands, jobEventContext } from './context.js';

/** Periodic: confirmed bookings whose last flight has landed become completed (My Trips "Past"). */
export function completeTripsHandler(deps: BookingDeps): JobHandler<'complete-trips'> {
  const readModel = new BookingReadModel(deps.sql);
  return async (_payload, job) => {
    const now = deps.clock.now();
    for (const bookingId of await readModel.dueForCompletion(now)) {
      const loaded = await loadBooking(deps.eventStore, bookingId);
      if (loaded.state.phase === 'none') continue;
      const context = jobEventContext(job, loaded.state.booking.brandKey, undefined);
      const run = bookingCommands(deps, bookingId, context, loaded);
      try {
        await run({ type: 'CompleteBooking', data: { at: now.toISOString() } });
      } catch (error) {
        // Cancelled meanwhile, or the read model was behind: the next run sees it as it is.
        if (!(error instanceof Refusal)) throw error;
      }
    }
  };
}
