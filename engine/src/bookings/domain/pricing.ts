import { customerPrice } from '@contrail/shared/flights/customer-price';
import { toMinorUnits, type Money } from '@contrail/shared/booking/money';

/**
 * What the engine charges for an offer on a brand: the shared customer price (supplied price x the
 * brand's markup) in minor units. The client never decides the amount; it can only agree with it.
 */
export function chargeFor(offer: { total_amount: string; total_currency: string }, markup: number): Money {
  const currency = offer.total_currency.toUpperCase();
  return { amount: toMinorUnits(customerPrice(offer.total_amount, markup), currency), currency };
}
