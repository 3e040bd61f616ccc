import { DEFAULT_PRICING, type BrandPricing } from '@contrail/shared/pricing/pricing';
import { describe, expect, it } from 'vitest';
import { decideSetPricing, PricingRefused, type SetPricing } from './decide-pricing.js';

const REASON = 'Q1 transatlantic campaign';
const transatlantic: BrandPricing = {
  ...DEFAULT_PRICING,
  rules: [
    {
      id: 'transatlantic',
      name: 'Transatlantic',
      match: { origin: 'north-america', destination: 'europe' },
      percent: 10,
      fixed: 25,
      per: 'traveller',
    },
  ],
};

/** Given the brand's pricing, when a platform admin sets one, then these changes (or this refusal). */
const given = (current: BrandPricing) => ({
  when: (command: SetPricing) => ({
    then: (expected: ReturnType<typeof decideSetPricing>) =>
      expect(decideSetPricing(current, command)).toEqual(expected),
    thenRefused: (path: string, message: RegExp) => {
      const refusal = (() => {
        try {
          decideSetPricing(current, command);
        } catch (error) {
          return error;
        }
        throw new Error('expected a refusal');
      })();
      expect(refusal).toBeInstanceOf(PricingRefused);
      expect(refusal).toMatchObject({ path, message: expect.stringMatching(message) });
    },
  }),
});

describe('setting a brand pricing', () => {
  it('records the pricing before and after, with the reason', () =>
    given(DEFAULT_PRICING)
      .when({ pricing: transatlantic, reason: REASON })
      .then([{ type: 'PricingChanged', from: DEFAULT_PRICING, to: transatlantic, reason: REASON }]));

  it('records nothing when the pricing stays the same', () =>
    given(transatlantic)
      .when({ pricing: structuredClone(transatlantic), reason: REASON })
      .then([]));

  it('refuses a bare percentage under the minimum margin, naming the rule', () =>
    given(DEFAULT_PRICING)
      .when({
        pricing: {
          ...transatlantic,
          rules: [{ ...transatlantic.rules[0]!, fixed: 0, percent: 4 }],
          minimumMarginPercent: 5,
        },
        reason: REASON,
      })
      .thenRefused('pricing.rules.0.percent', /Transatlantic adds less than the minimum margin of 5%/));

  it('refuses a default rule under the minimum margin', () =>
    given(DEFAULT_PRICING)
      .when({ pricing: { ...DEFAULT_PRICING, minimumMarginPercent: 30 }, reason: REASON })
      .thenRefused('pricing.fallback.percent', /minimum margin of 30%/));

  it('accepts a small percentage with a fixed fee: the floor then holds at checkout', () =>
    given(DEFAULT_PRICING)
      .when({ pricing: { ...transatlantic, minimumMarginPercent: 12 }, reason: REASON })
      .then([
        {
          type: 'PricingChanged',
          from: DEFAULT_PRICING,
          to: { ...transatlantic, minimumMarginPercent: 12 },
          reason: REASON,
        },
      ]));
});
