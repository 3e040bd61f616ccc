import { toMinorUnits } from '@contrail/shared/booking/money';
import { refundFor, type RefundBreakdown } from '@contrail/shared/booking/refund';
import { refundable } from './refund-plan.js';
import { extrasTotal, type Cancelling, type Confirmed } from './state.js';

/**
 * What the airline was paid for a booking (its price, the seats and bags, which carry no markup,
 * and what was paid after booking for changes and extras, the airline's price too), in minor units;
 * what was paid when the booking predates the recorded itinerary (no markup known).
 */
export function suppliedTotal(state: Confirmed | Cancelling): number {
  const { itinerary } = state.booking;
  const afterBooking = (state.purchases ?? []).reduce((sum, purchase) => sum + purchase.amount.amount, 0);
  if (!itinerary) return state.payment.amount.amount + afterBooking;
  return toMinorUnits(itinerary.supplied.amount, state.payment.amount.currency) + extrasTotal(state) + afterBooking;
}

/** The brand's refund rule applied to the airline's refund, against what every payment still holds. */
export function refundBreakdown(
  state: Confirmed | Cancelling,
  airlineRefund: number,
  markupKeptOnRefund: boolean,
): RefundBreakdown {
  const paid = refundable(state);
  return refundFor({ paid, supplied: suppliedTotal(state), airlineRefund, markupKeptOnRefund });
}

/**
 * The refund once the airline confirmed the cancellation: the quote shown when the airline
 * confirmed the amount it quoted; the same rule on the airline's new figure otherwise; and for a
 * cancellation requested before quotes existed, the airline's refund (fees kept, seed 001 §9).
 */
export function refundOnCancellation(state: Cancelling, airlineRefund: number): number {
  const { quote } = state;
  if (!quote) return refundBreakdown(state, airlineRefund, true).refund;
  if (quote.airlineRefund === airlineRefund) return quote.refund.amount;
  return refundBreakdown(state, airlineRefund, quote.markupKeptOnRefund).refund;
}
