export const CABIN_CLASSES = ['economy', 'premium_economy', 'business', 'first'] as const;
export type CabinClass = (typeof CABIN_CLASSES)[number];
export const DEFAULT_CABIN_CLASS: CabinClass = 'economy';

/** Options of the search form's cabin popover (seed 000 §2). */
export const CABIN_OPTION_LABELS: Record<CabinClass, string> = {
  economy: 'Economy',
  premium_economy: 'Premium Economy',
  business: 'Business Class',
  first: 'First Class',
};

/** Cabin labels shown elsewhere, e.g. the results summary (seed 000 §9). */
export const CABIN_LABELS: Record<CabinClass, string> = {
  economy: 'Economy',
  premium_economy: 'Premium Economy',
  business: 'Business',
  first: 'First Class',
};
