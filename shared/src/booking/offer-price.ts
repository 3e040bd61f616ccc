import { customerPrice } from '../flights/customer-price.js';

/** What a booking shows of an offer's price (seed 001 §2), in the customer's prices. */
export interface OfferPrice {
  currency: string;
  /** The customer's price of the offer (customerPrice). */
  offerTotal: number;
  taxes: number;
  /** Seed 001 §2: total minus tax. */
  baseFare: number;
  seats: number;
  /** What is charged: the offer and the chosen seats. */
  total: number;
  /**
   * The brand's service fee inside `offerTotal`: the customer price less the airline's (issue 33:
   * stated at checkout, as the refund quote later keeps it when the brand's policy says so).
   */
  serviceFee: number;
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** The booking's price lines for `offer` (full or as search pages list it) under a brand's `markup`. */
export function offerPrice(
  offer: { total_amount: string; total_currency: string; tax_amount?: string | null },
  markup: number,
  seats = 0,
): OfferPrice {
  const offerTotal = customerPrice(offer.total_amount, markup);
  const taxes = offer.tax_amount ? customerPrice(offer.tax_amount, markup) : 0;
  return {
    currency: offer.total_currency,
    offerTotal,
    taxes: Number.isFinite(taxes) ? taxes : 0,
    baseFare: cents(offerTotal - (Number.isFinite(taxes) ? taxes : 0)),
    seats,
    total: cents(offerTotal + seats),
    serviceFee: serviceFeeOf(offer.total_amount, markup),
  };
}

/** The brand's service fee on a supplied amount: the customer price less the airline's, never below 0. */
export function serviceFeeOf(suppliedAmount: string, markup: number): number {
  const supplied = Number.parseFloat(suppliedAmount);
  const fee = cents(customerPrice(suppliedAmount, markup) - supplied);
  return Number.isFinite(fee) ? Math.max(0, fee) : 0;
}

/** What each traveller's share of a total is, shown beside it (issue 33): the total split evenly, to the cent. */
export function pricePerPerson(total: number, travellers: number): number {
  return travellers > 0 ? cents(total / travellers) : total;
}
