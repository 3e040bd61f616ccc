import { fromMinorUnits } from '../booking/money.js';
import { cheapestBags, wantsBags, type BaggableOffer, type BagPlan } from './bags.js';
import { DEFAULT_PRICING_CONTEXT, priceOffer, type PricedOffer, type PricingContext } from './price-offer.js';

/** An offer's price for the traveller with the bags they bring (the context's `bags`). */
export interface PriceWithBags {
  /** In minor units: the brand's price of the offer, plus the bags when it can carry them. */
  amount: number;
  currency: string;
  /** Null when no bags are asked for. */
  bags: BagPlan | null;
}

/**
 * THE price with my bags (issue 35): the offer through the brand's `priceOffer`, plus the cheapest
 * bags that carry what each traveller brings at the airline's price (services carry no markup, as
 * seats do not: see README.md). An offer that cannot carry them keeps its own price and says so
 * (`bags.carried` false). Cards, the engine's sort and price filter, and checkout's total all read it.
 * Null when the offer has no price.
 */
export function priceWithBags(
  offer: PricedOffer & BaggableOffer,
  context: PricingContext = DEFAULT_PRICING_CONTEXT,
): PriceWithBags | null {
  // The trip's few fields, not a spread of the whole offer: this runs for every offer of a search.
  const { total_amount, total_currency, owner, slices } = offer;
  const trip = { total_amount, total_currency, owner, slices, travellers: context.travellers, cabin: context.cabin };
  const priced = priceOffer(context.pricing, trip);
  if (!priced) return null;
  if (!wantsBags(context.bags)) return { amount: priced.customer, currency: priced.currency, bags: null };
  const bags = cheapestBags(offer, context.bags);
  const extra = bags.carried && bags.currency === priced.currency ? bags.amount : 0;
  return { amount: priced.customer + extra, currency: priced.currency, bags };
}

/** The same in currency units, as pages show it; NaN when the offer has no price. */
export function displayPriceWithBags(offer: PricedOffer & BaggableOffer, context?: PricingContext): number {
  const priced = priceWithBags(offer, context);
  return priced ? fromMinorUnits(priced.amount, priced.currency) : Number.NaN;
}
