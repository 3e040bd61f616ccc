import { decimalAmount, type Money } from '@contrail/shared/booking/money';
import type { BookingDeps } from '../deps.js';
import { chargeFor } from '../domain/pricing.js';
import type { StartedState } from '../domain/state.js';

/**
 * The traveller's price of a held fare at the airline's total: the booking's price when the airline
 * kept its total, else the brand's pricing applied to the offer at the new total (the shared rule);
 * once the offer can no longer be read, the recorded margin scaled to the new total.
 */
export async function heldPrice(
  deps: Pick<BookingDeps, 'brands' | 'flights'>,
  state: StartedState,
  providerTotal: Money,
): Promise<Money> {
  const { pricing, price, offerId, brandKey } = state.booking;
  const known = state.phase === 'held' ? state.hold : null;
  const base = known ? { provider: known.providerTotal, price: known.price } : { provider: pricing?.provider, price };
  if (base.provider && base.provider.amount === providerTotal.amount) return base.price;
  const brand = await deps.brands.find(brandKey);
  const offer = brand && (await deps.flights.getOffer(offerId).catch(() => undefined));
  if (brand && offer) {
    const now = { ...offer, total_amount: decimalAmount(providerTotal.amount, providerTotal.currency) };
    return chargeFor(now, brand.pricing).price;
  }
  const provider = base.provider?.amount ?? providerTotal.amount;
  return { amount: Math.round((base.price.amount * providerTotal.amount) / provider), currency: base.price.currency };
}
