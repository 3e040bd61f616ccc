import { fromMinorUnits, toMinorUnits } from './money.js';
import { priceOffer, type PricedOffer, type PricingContext } from '../pricing/price-offer.js';

/** What a booking shows of an offer's price (seed 001 §2), in the traveller's prices. */
export interface OfferPrice {
  currency: string;
  /** The traveller's price of the offer (priceOffer): whole currency units. */
  offerTotal: number;
  /** The provider's taxes, rounded up to whole units. */
  taxes: number;
  /** Seed 001 §2: total minus tax. */
  baseFare: number;
  seats: number;
  /** The chosen bags at the airline's price (issue 35). */
  bags: number;
  /** What is charged: the offer, the chosen seats and bags. */
  total: number;
  /**
   * The brand's service fee inside `offerTotal`: the traveller's price less the airline's (issue 33:
   * stated at checkout, as the refund quote later keeps it when the brand's policy says so).
   */
  serviceFee: number;
}

/** The booking's price lines for `offer` under a brand's pricing, with the chosen seats' and bags' totals. */
export function offerPrice(
  offer: PricedOffer & { tax_amount?: string | null },
  { pricing, travellers, cabin }: PricingContext,
  seats = 0,
  bags = 0,
): OfferPrice {
  const priced = priceOffer(pricing, { ...offer, travellers, cabin });
  const currency = offer.total_currency;
  if (!priced) return { currency, offerTotal: NaN, taxes: 0, baseFare: NaN, seats, bags, total: NaN, serviceFee: 0 };
  const offerTotal = fromMinorUnits(priced.customer, priced.currency);
  const tax = offer.tax_amount ? Math.ceil(Number.parseFloat(offer.tax_amount)) : 0;
  const taxes = Number.isFinite(tax) ? Math.min(tax, offerTotal) : 0;
  return {
    currency,
    offerTotal,
    taxes,
    baseFare: offerTotal - taxes,
    seats,
    bags,
    // Summed in minor units: a bag at 45.99 never leaves a float's hair on the total.
    total: fromMinorUnits(
      priced.customer + toMinorUnits(seats, priced.currency) + toMinorUnits(bags, priced.currency),
      priced.currency,
    ),
    serviceFee: fromMinorUnits(priced.margin, priced.currency),
  };
}

/**
 * What each traveller's share of a total is, shown beside it (issue 33): the total split evenly, in
 * whole units as every price shows (seed 000 §9: 0 decimals), so "$185 per person", never "$185.33".
 */
export function pricePerPerson(total: number, travellers: number): number {
  return travellers > 0 ? Math.round(total / travellers) : total;
}
