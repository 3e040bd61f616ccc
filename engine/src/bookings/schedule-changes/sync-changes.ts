import type { EventContext } from '../../eventstore/metadata.js';
import { handleBookingCommands } from '../booking-stream.js';
import type { BookingDeps } from '../deps.js';
import type { RecordScheduleChange } from '../domain/commands.js';
import { changedFlights, tripTimesOfSlices } from './changed-flights.js';
import type { AirlineChange } from '../../flights/provider.js';

/** A provider's change as the command that records it. */
export function recordCommand(change: AirlineChange, at: string): RecordScheduleChange {
  return {
    type: 'RecordScheduleChange',
    data: {
      changeId: change.id,
      orderId: change.order_id,
      before: changedFlights(change.removed),
      after: changedFlights(change.added),
      changedAt: change.created_at,
      ...tripTimesOfSlices(change.added),
      at,
    },
  };
}

/**
 * Records every change the provider lists for the order that the booking does not know yet,
 * oldest first. The provider's list is the truth, so whatever a webhook said (a repeat, one out of
 * order, one lost) the booking ends up with every change once, the newest one's times being the trip's.
 */
export async function syncAirlineChanges(
  deps: BookingDeps,
  bookingId: string,
  orderId: string,
  context: EventContext,
): Promise<number> {
  const changes = await deps.flights.listAirlineChanges(orderId);
  const at = deps.clock.now().toISOString();
  const handled = await handleBookingCommands(
    deps.eventStore,
    bookingId,
    changes.map((change) => recordCommand(change, at)),
    { context, clock: deps.clock, retriesOnConflict: 3 },
  );
  return handled.events.length;
}
