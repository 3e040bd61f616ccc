export const CABIN_CLASSES = ['economy', 'premium_economy', 'business', 'first'] as const;
export type CabinClass = (typeof CABIN_CLASSES)[number];

/** Cabin labels of seed 000 §9 (summary, cards, seat-map groups). */
export const cabinLabels: Record<CabinClass, string> = {
  economy: 'Economy',
  premium_economy: 'Premium Economy',
  business: 'Business',
  first: 'First Class',
};

/** The cabin class popover of the search form (seed 000 §2). */
export const cabinPickerLabels: Record<CabinClass, string> = {
  economy: 'Economy',
  premium_economy: 'Premium Economy',
  business: 'Business Class',
  first: 'First Class',
};
