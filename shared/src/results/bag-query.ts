import type { BagsWanted } from '../pricing/bags.js';

/*
 * The bags each traveller brings (issue 35) as URL and request fields, in a module of its own
 * without the bag rules: the booking page's first load reads links with it (search-links.ts), and
 * the rules (../pricing/bags.ts) load there only with checkout's bags.
 */
export const BAG_PARAMS = { checked: 'checkedBags', carryOn: 'cabinBags' } as const;

export type BagFields = Partial<Record<(typeof BAG_PARAMS)[keyof typeof BAG_PARAMS], string>>;

/** The bags' request fields: only those above zero. */
export function bagsQuery(bags: BagsWanted | null | undefined): BagFields {
  if (!bags) return {};
  return {
    ...(bags.checked > 0 && { [BAG_PARAMS.checked]: String(bags.checked) }),
    ...(bags.carryOn > 0 && { [BAG_PARAMS.carryOn]: String(bags.carryOn) }),
  };
}

/** Whether a URL asks for any bags (checkout then loads its bags and their rule). */
export function hasBagsParams(params: URLSearchParams): boolean {
  return params.has(BAG_PARAMS.checked) || params.has(BAG_PARAMS.carryOn);
}
