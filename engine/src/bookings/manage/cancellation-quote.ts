import { DEFAULT_BRAND } from '@contrail/shared/brand/default-brand';
import { toMinorUnits } from '@contrail/shared/booking/money';
import { decimalAmount, keptFeesOf, REFUND_TIMING, type CancellationQuote } from '@contrail/shared/booking/refund';
import type { EventContext } from '../../eventstore/metadata.js';
import { handleBookingCommands, loadBooking } from '../booking-stream.js';
import type { BookingDeps } from '../deps.js';
import { cancellationRefusal } from '../domain/decider.js';
import { Refusal } from '../domain/refusals.js';
import { refundBreakdown } from '../domain/refund.js';
import { refundable } from '../domain/refund-plan.js';
import type { StaffActing } from '../domain/events.js';
import type { QuotedCancellation, StartedState } from '../domain/state.js';

/** A booking its owner may see; anyone else is told it does not exist. */
export async function ownBooking(deps: BookingDeps, bookingId: string, userId: string): Promise<StartedState> {
  const { state } = await loadBooking(deps.eventStore, bookingId);
  if (state.phase === 'none' || state.booking.customerId !== userId)
    throw new Refusal('NOT_FOUND', 'Booking not found');
  return state;
}

/** The recorded quote as the traveller reads it: refund, fees kept and why, where the money goes, when, until when. */
export function presentQuote(quote: QuotedCancellation, paid: number, cardLast4: string | null): CancellationQuote {
  const { currency } = quote.refund;
  return {
    quoteId: quote.quoteId,
    paid: decimalAmount(paid, currency),
    refund: decimalAmount(quote.refund.amount, currency),
    currency,
    kept: keptFeesOf(quote, currency),
    refundTo: { method: 'card', cardLast4 },
    timing: REFUND_TIMING,
    expiresAt: quote.expiresAt,
  };
}

/**
 * POST /api/bookings/:id/cancellation-quote (issue 20 item 2): asks the airline what cancelling now
 * refunds (Duffel's order cancellation quote, not confirmed), applies the brand's refund policy,
 * records the quote in the booking stream and answers it. Cancelling with its id refunds exactly it.
 */
export async function quoteCancellation(
  deps: BookingDeps,
  bookingId: string,
  userId: string,
  context: EventContext,
): Promise<CancellationQuote> {
  return quoteCancellationOf(deps, await ownBooking(deps, bookingId, userId), context);
}

/**
 * The quote of a booking already found (its owner's, or one support may service): `staff` when
 * support asks for the traveller, kept on the event with the reason.
 */
export async function quoteCancellationOf(
  deps: BookingDeps,
  state: StartedState,
  context: EventContext,
  staff?: StaffActing,
): Promise<CancellationQuote> {
  const refusal = cancellationRefusal(state, deps.clock.now().toISOString());
  if (refusal) throw refusal;
  if (state.phase !== 'confirmed') throw new Refusal('NOT_FOUND', 'Booking not found');
  const provider = await deps.flights.quoteCancellation(state.order.orderId);
  const brand = (await deps.brands.find(state.booking.brandKey)) ?? DEFAULT_BRAND;
  const { currency } = state.payment.amount;
  const airlineRefund = provider.refund_amount ? toMinorUnits(provider.refund_amount, currency) : 0;
  const breakdown = refundBreakdown(
    state,
    Number.isFinite(airlineRefund) ? airlineRefund : 0,
    brand.markupKeptOnRefund,
  );
  const quote: QuotedCancellation = {
    quoteId: provider.id,
    airlineRefund,
    refund: { amount: breakdown.refund, currency },
    airlineFee: breakdown.airlineFee,
    serviceFee: breakdown.serviceFee,
    markupKeptOnRefund: brand.markupKeptOnRefund,
    expiresAt: provider.expires_at,
  };
  await handleBookingCommands(
    deps.eventStore,
    state.booking.bookingId,
    { type: 'QuoteCancellation', data: { ...quote, ...(staff && { staff }), at: deps.clock.now().toISOString() } },
    { context, clock: deps.clock },
  );
  return presentQuote(quote, refundable(state), state.payment.cardLast4);
}
