import { decimalAmount } from '../booking/money.js';
import { airportByIata } from '../reference/airport-lookup.js';
import { CABIN_LABELS, type CabinClass } from '../search/cabin.js';
import { priceOffer, type OfferPricing } from './price-offer.js';
import { DEFAULT_RULE_ID, type BrandPricing } from './pricing.js';

/** A trip to price in the brand manager's preview (and `contrail brands pricing preview`). */
export interface PreviewTrip {
  from: string;
  to: string;
  carrier: string;
  cabin: CabinClass;
  roundTrip: boolean;
  adults: number;
  /** The provider's price, as a decimal: "812.40". */
  amount: string;
  currency: string;
}

export type Preview = { priced: OfferPricing; ruleName: string; line: string } | { problem: string };

/**
 * The preview of a brand's pricing on a made-up trip, priced by the same priceOffer as checkout:
 * "JFK-LHR Economy, 2 adults: provider 812.40 → traveller 1000.00, margin 187.60 (default rule)".
 */
export function previewPricing(pricing: BrandPricing, trip: PreviewTrip): Preview {
  const from = airportByIata(trip.from);
  const to = airportByIata(trip.to);
  if (!from || !to) return { problem: `Unknown airport ${from ? trip.to : trip.from}: use an IATA code like JFK` };
  if (!Number.isInteger(trip.adults) || trip.adults < 1 || trip.adults > 9) return { problem: 'Adults must be 1 to 9' };
  const out = { origin: from, destination: to };
  const priced = priceOffer(pricing, {
    total_amount: trip.amount,
    total_currency: trip.currency,
    owner: { iata_code: trip.carrier.trim().toUpperCase() || null },
    slices: trip.roundTrip ? [out, { origin: to, destination: from }] : [out],
    travellers: trip.adults,
    cabin: trip.cabin,
  });
  if (!priced || priced.provider === 0) return { problem: 'The provider price must be an amount above 0, like 812.40' };
  const ruleName =
    priced.ruleId === DEFAULT_RULE_ID
      ? 'default rule'
      : (pricing.rules.find((rule) => rule.id === priced.ruleId)?.name ?? priced.ruleId);
  const money = (minor: number) => decimalAmount(minor, priced.currency);
  const who = `${trip.adults} adult${trip.adults === 1 ? '' : 's'}`;
  const route = `${from.iata_code}-${to.iata_code}${trip.roundTrip ? ' return' : ''}`;
  const line = `${route} ${CABIN_LABELS[trip.cabin]}, ${who}: provider ${money(priced.provider)} → traveller ${money(priced.customer)}, margin ${money(priced.margin)} (${ruleName})`;
  return { priced, ruleName, line };
}
