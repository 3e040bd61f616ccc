import type { EventContext } from '../../eventstore/metadata.js';
import { toMinorUnits } from '@contrail/shared/booking/money';
import { handleBookingCommands } from '../booking-stream.js';
import { untilApplied } from '../../projections/applied.js';
import type { BookingDeps } from '../deps.js';
import { bookingStreamName } from '../domain/events.js';
import type { StaffActing } from '../domain/events.js';
import { Refusal } from '../domain/refusals.js';
import { pendingScheduleChange } from '../domain/schedule-change-state.js';
import type { StartedState } from '../domain/state.js';
import { untilCancelled, type CancelAnswer } from '../manage/cancel-booking.js';
import { scheduleChangesProjection } from './projection.js';

export interface Answerer {
  requestedBy: string;
  staff?: StaffActing;
}

/** The booking's change still waiting for an answer, or a 409 naming why not. */
function pendingIn(state: StartedState, changeId: string): void {
  if (state.phase !== 'confirmed' || !pendingScheduleChange(state, changeId))
    throw new Refusal('NO_SCHEDULE_CHANGE', 'This schedule change has already been answered, or is not this booking’s');
}

/**
 * The traveller (or support for them) accepts the airline's new times: the airline is told first
 * (Duffel's accept), then the answer is recorded. A change the airline already has as accepted (a
 * retry after a lost answer) is recorded as accepted too.
 */
export async function acceptChange(
  deps: BookingDeps,
  state: StartedState,
  changeId: string,
  by: Answerer,
  context: EventContext,
): Promise<void> {
  pendingIn(state, changeId);
  const changes = await deps.flights.listAirlineChanges(state.order!.orderId);
  const change = changes.find((each) => each.id === changeId);
  if (change?.action_taken !== 'accepted') await deps.flights.acceptAirlineChange(changeId);
  await handleBookingCommands(
    deps.eventStore,
    state.booking.bookingId,
    { type: 'AcceptScheduleChange', data: { changeId, ...by, at: deps.clock.now().toISOString() } },
    { context, clock: deps.clock },
  );
  await untilListed(deps, state.booking.bookingId);
}

/**
 * Declines the change: the booking is cancelled with a full refund (the airline's change, not the
 * traveller's, so nothing is kept whatever the fare says), through the same cancel saga as any
 * cancellation, with the airline's own cancellation quote.
 */
export async function declineChange(
  deps: BookingDeps,
  state: StartedState,
  changeId: string,
  by: Answerer,
  context: EventContext,
): Promise<CancelAnswer> {
  pendingIn(state, changeId);
  const provider = await deps.flights.quoteCancellation(state.order!.orderId);
  const currency = state.payment!.amount.currency;
  const airlineRefund = provider.refund_amount ? toMinorUnits(provider.refund_amount, currency) : 0;
  const quote = {
    quoteId: provider.id,
    airlineRefund: Number.isFinite(airlineRefund) ? airlineRefund : 0,
    expiresAt: provider.expires_at,
  };
  await handleBookingCommands(
    deps.eventStore,
    state.booking.bookingId,
    { type: 'DeclineScheduleChange', data: { changeId, ...by, quote, at: deps.clock.now().toISOString() } },
    { context, clock: deps.clock },
  );
  await untilListed(deps, state.booking.bookingId);
  return untilCancelled(deps, state.booking.bookingId);
}

/** How long an answer waits for the list of changes to show it before it is answered anyway. */
const LISTED_WITHIN_MS = 2_000;

/** Once the changes' read model has the answer, a list read next (My Trips, support's queue) no longer shows it pending. */
async function untilListed(deps: BookingDeps, bookingId: string): Promise<void> {
  const recorded = await deps.eventStore.readStream(bookingStreamName(bookingId));
  await untilApplied(deps.sql, [scheduleChangesProjection.name], recorded.at(-1)?.position, LISTED_WITHIN_MS);
}
