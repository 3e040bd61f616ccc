import { bagsWantedFrom, NO_BAGS, wantsBags, type BagsWanted } from '../pricing/bags.js';

/**
 * The bags each traveller brings (issue 35) in URLs and search requests: `checkedBags` and
 * `cabinBags`, absent for none. The results page keeps them in its URL, and they travel with the
 * flight details and booking links, so checkout pre-selects the bags the cards were priced with.
 */
export const BAG_PARAMS = { checked: 'checkedBags', carryOn: 'cabinBags' } as const;

/** The bags a URL asks for; none when absent or out of range. */
export function readBagsParams(params: URLSearchParams): BagsWanted {
  return bagsWantedFrom(params.get(BAG_PARAMS.checked), params.get(BAG_PARAMS.carryOn)) ?? NO_BAGS;
}

/** The bags' request fields: only those above zero. */
export function bagsQuery(bags: BagsWanted | null | undefined): Partial<Record<'checkedBags' | 'cabinBags', string>> {
  if (!wantsBags(bags)) return {};
  return {
    ...(bags.checked > 0 && { [BAG_PARAMS.checked]: String(bags.checked) }),
    ...(bags.carryOn > 0 && { [BAG_PARAMS.carryOn]: String(bags.carryOn) }),
  };
}

/** The same query with other bags; none leaves the URL clean. */
export function withBagsParams(params: URLSearchParams, bags: BagsWanted): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(BAG_PARAMS.checked);
  next.delete(BAG_PARAMS.carryOn);
  for (const [name, value] of Object.entries(bagsQuery(bags))) next.set(name, value);
  return next;
}
