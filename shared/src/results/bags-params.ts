import { bagsWantedFrom, NO_BAGS, type BagsWanted } from '../pricing/bags.js';
import { BAG_PARAMS, bagsQuery } from './bag-query.js';

export { BAG_PARAMS, bagsQuery } from './bag-query.js';

/*
 * The bags each traveller brings (issue 35) in URLs and search requests: `checkedBags` and
 * `cabinBags`, absent for none. The results page keeps them in its URL, and they travel with the
 * flight details and booking links, so checkout pre-selects the bags the cards were priced with.
 */

/** The bags a URL asks for; none when absent or out of range. */
export function readBagsParams(params: URLSearchParams): BagsWanted {
  return bagsWantedFrom(params.get(BAG_PARAMS.checked), params.get(BAG_PARAMS.carryOn)) ?? NO_BAGS;
}

/** The same query with other bags; none leaves the URL clean. */
export function withBagsParams(params: URLSearchParams, bags: BagsWanted): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(BAG_PARAMS.checked);
  next.delete(BAG_PARAMS.carryOn);
  for (const [name, value] of Object.entries(bagsQuery(bags))) next.set(name, value);
  return next;
}
