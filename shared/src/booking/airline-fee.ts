import { formatPrice } from '../results/format.js';

/** A fare condition's penalty as the airline states it (Duffel's `penalty_amount`, `penalty_currency`). */
export interface AirlinePenalty {
  penalty_amount?: string | null;
  penalty_currency?: string | null;
}

/**
 * The airline's fee for cancelling (or changing), shown alike in Fare Rules, My Trips and the
 * refund quote (issue 33): the airline's own amount, which the brand does not mark up. "" when
 * the fare states none; null when it charges nothing.
 */
export function airlineFeeText(penalty: AirlinePenalty | null | undefined, fallbackCurrency: string): string | null {
  if (!penalty?.penalty_amount) return '';
  if (Number(penalty.penalty_amount) === 0) return null;
  return formatPrice(penalty.penalty_amount, penalty.penalty_currency ?? fallbackCurrency);
}
