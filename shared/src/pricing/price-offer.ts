import { currencyDecimals, fromMinorUnits, toMinorUnits } from '../booking/money.js';
import type { BagsWanted } from './bags.js';
import type { CabinClass } from '../search/cabin.js';
import {
  DEFAULT_PRICING,
  DEFAULT_RULE_ID,
  type BrandPricing,
  type Markup,
  type PricingRule,
  type TripType,
} from './pricing.js';
import { placeIncludes } from './regions.js';

/** What a rule is matched against: an offer (search or full) with the search's travellers and cabin. */
export interface PricedTrip {
  total_amount: string;
  total_currency: string;
  owner: { iata_code: string | null };
  slices: readonly { origin: TripPlace; destination: TripPlace }[];
  travellers: number;
  cabin?: CabinClass;
}

interface TripPlace {
  iata_code: string;
  country_code: string;
}

/** An offer as pages have it: the trip without who travels. */
export type PricedOffer = Omit<PricedTrip, 'travellers' | 'cabin'>;

/** What a page knows beside the offer: the brand's pricing, the travellers and cabin searched for. */
export interface PricingContext {
  pricing: BrandPricing;
  travellers: number;
  cabin?: CabinClass;
  /** The bags each traveller brings (issue 35): prices with them read `priceWithBags` (bags-price.ts). */
  bags?: BagsWanted;
}

export const DEFAULT_PRICING_CONTEXT: PricingContext = { pricing: DEFAULT_PRICING, travellers: 1 };

/** The traveller's price of an offer in currency units, as pages show it; NaN when it has none. */
export function customerAmount(offer: PricedOffer, context: PricingContext = DEFAULT_PRICING_CONTEXT): number {
  const priced = priceOffer(context.pricing, { ...offer, travellers: context.travellers, cabin: context.cabin });
  return priced ? fromMinorUnits(priced.customer, priced.currency) : Number.NaN;
}

/** An offer's price under a brand's rules, in minor units of its currency. */
export interface OfferPricing {
  currency: string;
  /** What the provider asks (what the order pays). */
  provider: number;
  /** What the traveller is shown and charged: a whole number of currency units. */
  customer: number;
  /** customer - provider. */
  margin: number;
  /** The rule that priced it (DEFAULT_RULE_ID for the fallback). */
  ruleId: string;
}

/**
 * THE price of an offer for a traveller (DESIGN §7): the first of the brand's rules that matches the
 * trip, else its fallback, never under the platform's minimum margin, rounded up to whole currency
 * units (seed 000 §9 shows prices with 0 decimals, and the charge is what is shown). Checkout, the
 * search and offer pages, the revenue figures and the brand manager's preview all price through it.
 * Null when the provider's amount is not a price.
 */
export function priceOffer(pricing: BrandPricing, trip: PricedTrip): OfferPricing | null {
  const currency = trip.total_currency.toUpperCase();
  const provider = toMinorUnits(trip.total_amount, currency);
  if (!Number.isFinite(provider) || provider < 0 || !/^[A-Z]{3}$/.test(currency)) return null;
  const rule = pricing.rules.find((candidate) => matches(candidate, trip));
  const unit = 10 ** currencyDecimals(currency);
  const wanted = markupOf(rule ?? pricing.fallback, provider, trip.travellers, unit);
  const floor = (provider * pricing.minimumMarginPercent) / 100;
  const customer = roundUp(provider + Math.max(wanted, floor), unit);
  return { currency, provider, customer, margin: customer - provider, ruleId: rule?.id ?? DEFAULT_RULE_ID };
}

function markupOf(markup: Markup, provider: number, travellers: number, unit: number): number {
  const fees = markup.per === 'traveller' ? Math.max(1, travellers) : 1;
  return (provider * markup.percent) / 100 + markup.fixed * unit * fees;
}

/** Up to a whole unit; floats a hair over one (0.1 + 0.2) settle at 6 places first. */
function roundUp(minor: number, unit: number): number {
  return Math.ceil(Number((minor / unit).toFixed(6))) * unit;
}

function matches(rule: PricingRule, trip: PricedTrip): boolean {
  const { match } = rule;
  const first = trip.slices[0];
  if (!first) return false;
  if (match.origin && !placeIncludes(match.origin, first.origin.country_code)) return false;
  if (match.destination && !placeIncludes(match.destination, first.destination.country_code)) return false;
  if (match.carrier && match.carrier.toUpperCase() !== (trip.owner.iata_code ?? '').toUpperCase()) return false;
  if (match.cabin && match.cabin !== trip.cabin) return false;
  return !match.tripType || match.tripType === tripTypeOf(trip.slices);
}

/** One slice is one way; two that go there and back are a round trip; anything else is multi-city. */
export function tripTypeOf(slices: PricedTrip['slices']): TripType {
  if (slices.length === 1) return 'one_way';
  const [out, back] = slices;
  if (
    slices.length === 2 &&
    out &&
    back &&
    out.origin.iata_code === back.destination.iata_code &&
    out.destination.iata_code === back.origin.iata_code
  )
    return 'round_trip';
  return 'multi_city';
}
