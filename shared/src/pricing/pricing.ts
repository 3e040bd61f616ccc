import type { CabinClass } from '../search/cabin.js';

/** A trip's shape, as a rule matches it: one slice, out and back, or anything else. */
export const TRIP_TYPES = ['one_way', 'round_trip', 'multi_city'] as const;
export type TripType = (typeof TRIP_TYPES)[number];

/** Whether a fixed fee is charged once per booking or once per traveller. */
export const FEE_BASES = ['booking', 'traveller'] as const;
export type FeeBasis = (typeof FEE_BASES)[number];

/**
 * What a brand adds to the provider's price: a percentage of it and a fixed fee (in units of the
 * offer's currency, e.g. 15 = 15.00 USD), per booking or per traveller.
 */
export interface Markup {
  percent: number;
  fixed: number;
  per: FeeBasis;
}

/** What a rule matches; an absent field matches anything. Places are a country code or a region id. */
export interface RuleMatch {
  origin?: string;
  destination?: string;
  /** The offer's validating carrier (IATA code). */
  carrier?: string;
  cabin?: CabinClass;
  tripType?: TripType;
}

export interface PricingRule extends Markup {
  id: string;
  name: string;
  match: RuleMatch;
}

/**
 * A brand's pricing: its rules in the order they are tried (first match wins), the markup of
 * every offer no rule matches, and the platform's floor: no offer sells with a margin under
 * `minimumMarginPercent` of the provider's price.
 */
export interface BrandPricing {
  rules: PricingRule[];
  fallback: Markup;
  minimumMarginPercent: number;
}

/** The id a booking records when the fallback priced it. */
export const DEFAULT_RULE_ID = 'default';

/** Seed 000 §9: customer price = supplied price x 1.23, every brand's default. */
export const DEFAULT_PRICING: BrandPricing = {
  rules: [],
  fallback: { percent: 23, fixed: 0, per: 'booking' },
  minimumMarginPercent: 0,
};

/** The pricing of a brand stored before rules existed, from its one multiplier (1.23 → 23 %). */
export function pricingOfMarkup(multiplier: number): BrandPricing {
  const percent = Number(((multiplier - 1) * 100).toFixed(4));
  return { ...DEFAULT_PRICING, fallback: { percent, fixed: 0, per: 'booking' } };
}
