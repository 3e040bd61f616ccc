import { DEFAULT_BRAND } from '@contrail/shared/brand/default-brand';
import { toMinorUnits } from '@contrail/shared/booking/money';
import { decimalAmount, keptFeesOf, REFUND_TIMING, type CancellationQuote } from '@contrail/shared/booking/refund';
import type { EventContext } from '../../eventstore/metadata.js';
import { handleBookingCommands, loadBooking } from '../booking-stream.js';
import type { BookingDeps } from '../deps.js';
import { cancellationRefusal } from '../domain/decider.js';
import { Refusal } from '../domain/refusals.js';
import { refundBreakdown } from '../domain/refund.js';
import { capturedPayments, planRefunds, refundable } from '../domain/refund-plan.js';
import type { StaffActing } from '../domain/events.js';
import type { Confirmed, QuotedCancellation, StartedState } from '../domain/state.js';

/** A booking its owner may see; anyone else is told it does not exist. */
export async function ownBooking(deps: BookingDeps, bookingId: string, userId: string): Promise<StartedState> {
  const { state } = await loadBooking(deps.eventStore, bookingId);
  if (state.phase === 'none' || state.booking.customerId !== userId)
    throw new Refusal('NOT_FOUND', 'Booking not found');
  return state;
}

/** What each payment of the booking paid for, as the quote names it. */
function paymentLabel(state: Confirmed, paymentId: string): string {
  const purchase = state.purchases?.find((one) => one.paymentId === paymentId);
  if (!purchase) return 'Your booking';
  return purchase.kind === 'change' ? 'Change of flights' : 'Extras added after booking';
}

/**
 * Each card payment and what of the refund goes back to it (refund-plan.ts), when the booking has
 * more than one (changes or extras paid after booking); undefined otherwise.
 */
export function quotedPayments(state: Confirmed, refund: number): CancellationQuote['payments'] {
  const paid = capturedPayments(state);
  if (paid.length < 2) return undefined;
  const { currency } = state.payment.amount;
  const plan = planRefunds(state, refund);
  return paid.map((payment) => ({
    label: paymentLabel(state, payment.paymentId),
    paid: decimalAmount(payment.captured - payment.refunded, currency),
    refund: decimalAmount(plan.find((one) => one.paymentId === payment.paymentId)?.amount ?? 0, currency),
  }));
}

/** The recorded quote as the traveller reads it: refund, fees kept and why, where the money goes, when, until when. */
export function presentQuote(
  quote: QuotedCancellation,
  paid: number,
  cardLast4: string | null,
  payments?: CancellationQuote['payments'],
): CancellationQuote {
  const { currency } = quote.refund;
  return {
    ...(payments && { payments }),
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
  const payments = quotedPayments(state, breakdown.refund);
  return presentQuote(quote, refundable(state), state.payment.cardLast4, payments);
}
