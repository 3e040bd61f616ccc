import { brandPricingSchema } from '@contrail/shared/pricing/pricing-schema';
import type { BrandPricing, FeeBasis, Markup, PricingRule } from '@contrail/shared/pricing/pricing';

/** A markup as the form edits it: numbers as typed. */
export interface MarkupDraft {
  percent: string;
  fixed: string;
  per: FeeBasis;
}

/** A rule as the form edits it; an empty match field matches anything. */
export interface RuleDraft extends MarkupDraft {
  id: string;
  name: string;
  origin: string;
  destination: string;
  carrier: string;
  cabin: string;
  tripType: string;
}

export interface PricingDraft {
  rules: RuleDraft[];
  fallback: MarkupDraft;
  minimumMarginPercent: string;
}

/** Messages by the engine's paths ("rules.0.percent"). */
export type PricingErrors = Record<string, string>;

const markupDraftOf = ({ percent, fixed, per }: Markup): MarkupDraft => ({
  percent: String(percent),
  fixed: String(fixed),
  per,
});

export function pricingDraftOf(pricing: BrandPricing): PricingDraft {
  return {
    rules: pricing.rules.map((rule: PricingRule) => ({
      ...markupDraftOf(rule),
      id: rule.id,
      name: rule.name,
      origin: rule.match.origin ?? '',
      destination: rule.match.destination ?? '',
      carrier: rule.match.carrier ?? '',
      cabin: rule.match.cabin ?? '',
      tripType: rule.match.tripType ?? '',
    })),
    fallback: markupDraftOf(pricing.fallback),
    minimumMarginPercent: String(pricing.minimumMarginPercent),
  };
}

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const optional = (text: string) => (text.trim() === '' ? undefined : text.trim());
const markupOf = (draft: MarkupDraft) => ({
  percent: number(draft.percent),
  fixed: number(draft.fixed),
  per: draft.per,
});

/** The pricing the draft stands for, checked by the engine's own schema; or the messages by field. */
export function pricingOfDraft(draft: PricingDraft): { pricing: BrandPricing } | { errors: PricingErrors } {
  const result = brandPricingSchema.safeParse({
    rules: draft.rules.map((rule) => ({
      ...markupOf(rule),
      id: rule.id,
      name: rule.name,
      match: Object.fromEntries(
        (['origin', 'destination', 'carrier', 'cabin', 'tripType'] as const)
          .map((field) => [field, optional(rule[field])])
          .filter(([, value]) => value !== undefined),
      ),
    })),
    fallback: markupOf(draft.fallback),
    minimumMarginPercent: number(draft.minimumMarginPercent),
  });
  if (result.success) return { pricing: result.data };
  const errors: PricingErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.').replace('.match.', '.');
    errors[path] ??= issue.code === 'invalid_type' ? 'Must be a number' : issue.message;
  }
  return { errors };
}

/** The rules with the one at `index` moved by `delta` places (kept within the list). */
export function moveRule(rules: readonly RuleDraft[], index: number, delta: number): RuleDraft[] {
  const target = Math.min(Math.max(index + delta, 0), rules.length - 1);
  const moved = [...rules];
  const [rule] = moved.splice(index, 1);
  moved.splice(target, 0, rule!);
  return moved;
}

/** A new rule with an id no other rule has: it matches every trip until fields are set. */
export function newRuleDraft(rules: readonly RuleDraft[]): RuleDraft {
  const ids = new Set(rules.map((rule) => rule.id));
  let n = rules.length + 1;
  while (ids.has(`rule-${n}`)) n += 1;
  return {
    id: `rule-${n}`,
    name: `Rule ${n}`,
    origin: '',
    destination: '',
    carrier: '',
    cabin: '',
    tripType: '',
    percent: '10',
    fixed: '0',
    per: 'booking',
  };
}
