import type { DropRule } from '@contrail/shared/price-tracking/tracked-search';

/**
 * Whether a tracked search's cheapest price fell far enough to write (issue 34). The baseline is
 * the price of the last email, or the price when tracking began: a price that climbs and comes
 * back down to where it was says nothing new. Prices in minor units, so no rounding decides.
 */
export function priceDropped(rule: DropRule, baselineMinor: number, latestMinor: number): boolean {
  const fall = baselineMinor - latestMinor;
  if (fall <= 0) return false;
  return rule.kind === 'amount' ? fall >= rule.amountMinor : fall * 100 >= rule.percent * baselineMinor;
}

/** The baseline after a check: lowered to the new price when an email was written, kept otherwise. */
export function nextBaseline(rule: DropRule, baselineMinor: number, latestMinor: number): number {
  return priceDropped(rule, baselineMinor, latestMinor) ? latestMinor : baselineMinor;
}
