import { formatMoney, sameMoney, type Money } from '@contrail/shared/booking/money';
import type { BookingEvent } from '../events.js';
import { refuse } from '../refusals.js';
import { amountDue, type InCheckout } from '../state.js';
import { validMoney } from './checks.js';

/**
 * Issue 36: the price changed between search and payment and the traveller accepted the new one.
 * Recorded before the card's authorization, so the booking's history says which price the
 * traveller saw first and which one they agreed to pay (the one the card is authorized for).
 * Its event: PriceChangeAccepted (price-change-events.ts).
 */
export type AcceptPriceChange = {
  type: 'AcceptPriceChange';
  data: { previousTotal: Money; at: string };
};

/** The new total is what the checkout adds up to now (the offer, its seats and bags); the card is then authorized for it. */
export function acceptPriceChange(command: AcceptPriceChange, state: InCheckout): BookingEvent[] {
  const { previousTotal, at } = command.data;
  if (state.payment) refuse('CHECKOUT_CLOSED', 'A new price is accepted before the card is authorized');
  validMoney(previousTotal, 'The previous price');
  const newTotal = amountDue(state);
  if (previousTotal.currency !== newTotal.currency)
    refuse('INVALID_AMOUNT', `The previous price must be in ${newTotal.currency}`);
  if (sameMoney(previousTotal, newTotal))
    refuse('INVALID_AMOUNT', `The price is still ${formatMoney(newTotal)}: there is no change to accept`);
  return [{ type: 'PriceChangeAccepted', data: { previousTotal, newTotal, at } }];
}
