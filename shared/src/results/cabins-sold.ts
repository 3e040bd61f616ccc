import { CABIN_CLASSES, type CabinClass } from '../search/cabin.js';

const rank = (cabin: CabinClass) => CABIN_CLASSES.indexOf(cabin);

/** The cabins some offer is sold in, economy first (the facet the results' cabin notice reads). */
export function cabinsSold(offers: ReadonlyArray<{ cabin_class?: CabinClass | null }>): CabinClass[] {
  const found = new Set<CabinClass>();
  for (const offer of offers) if (offer.cabin_class) found.add(offer.cabin_class);
  return CABIN_CLASSES.filter((cabin) => found.has(cabin));
}

/**
 * Issue 33: when no offer found is sold in the cabin asked for (nor a better one), the best cabin
 * that is sold, so the results can say so; null when the cabin is sold, or nothing is known.
 * A US airline's domestic First stands for business, so it answers a business search.
 */
export function cabinNotSold(wanted: CabinClass, sold: readonly CabinClass[]): CabinClass | null {
  if (sold.length === 0 || sold.some((cabin) => rank(cabin) >= rank(wanted))) return null;
  return sold.at(-1)!;
}

/** The best of the cabins a traveller is seated in on an offer's flights (null when none is named). */
export function bestCabin(cabins: ReadonlyArray<CabinClass | null | undefined>): CabinClass | null {
  let best: CabinClass | null = null;
  for (const cabin of cabins) if (cabin && (best === null || rank(cabin) > rank(best))) best = cabin;
  return best;
}
