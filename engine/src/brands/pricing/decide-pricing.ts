import type { BrandPricing, Markup } from '@contrail/shared/pricing/pricing';
import { isDeepStrictEqual } from 'node:util';

/** A platform admin sets a brand's pricing, saying why. */
export interface SetPricing {
  pricing: BrandPricing;
  reason: string;
}

/** The change a brand's audit trail records: the whole pricing before and after, and why. */
export interface PricingChanged {
  type: 'PricingChanged';
  from: BrandPricing;
  to: BrandPricing;
  reason: string;
}

export class PricingRefused extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'PricingRefused';
  }
}

/** A markup that could never sell as written: a bare percentage under the platform's floor. */
function underFloor(markup: Markup, minimumMarginPercent: number): boolean {
  return markup.fixed === 0 && markup.percent < minimumMarginPercent;
}

/**
 * The decider of a brand's pricing: the same pricing again records nothing; a rule (or the
 * fallback) that is a bare percentage under the minimum margin is refused, since priceOffer would
 * sell at the minimum instead of what it says.
 */
export function decideSetPricing(current: BrandPricing, command: SetPricing): PricingChanged[] {
  const { pricing, reason } = command;
  if (isDeepStrictEqual(current, pricing)) return [];
  const floor = pricing.minimumMarginPercent;
  const refused = pricing.rules.findIndex((rule) => underFloor(rule, floor));
  if (refused >= 0)
    throw new PricingRefused(
      `pricing.rules.${refused}.percent`,
      `Rule ${pricing.rules[refused]!.name} adds less than the minimum margin of ${floor}%`,
    );
  if (underFloor(pricing.fallback, floor))
    throw new PricingRefused(
      'pricing.fallback.percent',
      `The default rule adds less than the minimum margin of ${floor}%`,
    );
  return [{ type: 'PricingChanged', from: current, to: pricing, reason }];
}
