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
  };
}
