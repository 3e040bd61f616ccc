import type { SearchOffer } from '../flights/search-offer.js';
import { DEFAULT_SORT, sortOffers, type SortOption } from './sort.js';

/**
 * Seed 000 §4: merged pages are de-duplicated by offer id (first seen wins) and sorted by price,
 * or by the sort the pages were asked in (issue 20). Best ranks each offer against every offer
 * found, which only the engine sees: its pages keep the engine's order.
 */
export function mergeOffers<T extends SearchOffer>(
  previous: readonly T[],
  next: readonly T[],
  sort: SortOption = DEFAULT_SORT,
  /** Priced with the traveller's bags (issue 35): the engine ordered every offer found, pages follow on. */
  engineOrder = false,
): T[] {
  const byId = new Map<string, T>();
  for (const offer of [...previous, ...next]) {
    if (offer && typeof offer.id === 'string' && !byId.has(offer.id)) byId.set(offer.id, offer);
  }
  const merged = [...byId.values()];
  return sort === 'best' || engineOrder ? merged : sortOffers(merged, sort);
}
