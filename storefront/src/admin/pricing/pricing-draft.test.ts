import { DEFAULT_PRICING, type BrandPricing } from '@contrail/shared/pricing/pricing';
import { describe, expect, it } from 'vitest';
import { moveRule, newRuleDraft, pricingDraftOf, pricingOfDraft } from './pricing-draft';

const pricing: BrandPricing = {
  rules: [
    {
      id: 'a',
      name: 'Europe',
      match: { destination: 'europe', cabin: 'business' },
      percent: 12,
      fixed: 0,
      per: 'booking',
    },
    { id: 'b', name: 'BA', match: { carrier: 'BA' }, percent: 5, fixed: 20, per: 'traveller' },
  ],
  fallback: { percent: 23, fixed: 0, per: 'booking' },
  minimumMarginPercent: 4,
};

describe('the pricing draft', () => {
  it('gives back the pricing it was made from', () => {
    expect(pricingOfDraft(pricingDraftOf(pricing))).toEqual({ pricing });
    expect(pricingOfDraft(pricingDraftOf(DEFAULT_PRICING))).toEqual({ pricing: DEFAULT_PRICING });
  });

  it('names the field of each mistake as the engine does', () => {
    const draft = pricingDraftOf(pricing);
    draft.rules[0]!.percent = 'ten';
    draft.rules[1]!.origin = 'Mars';
    draft.fallback.fixed = '-1';
    expect(pricingOfDraft(draft)).toEqual({
      errors: {
        'rules.0.percent': 'Must be a number',
        'rules.1.origin': 'must be a country code (GB) or a region (europe)',
        'fallback.fixed': 'Fixed fee cannot be negative',
      },
    });
  });

  it('moves a rule up and down within the list', () => {
    const rules = pricingDraftOf(pricing).rules;
    expect(moveRule(rules, 1, -1).map((rule) => rule.id)).toEqual(['b', 'a']);
    expect(moveRule(rules, 1, 1).map((rule) => rule.id)).toEqual(['a', 'b']);
  });

  it('adds a rule with an id of its own', () => {
    const rules = [...pricingDraftOf(pricing).rules, { ...newRuleDraft([]), id: 'rule-3' }];
    expect(newRuleDraft(rules).id).toBe('rule-4');
  });
});
