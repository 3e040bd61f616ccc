import { z } from 'zod';
import { CABIN_CLASSES } from '../search/cabin.js';
import { DEFAULT_PRICING, FEE_BASES, TRIP_TYPES } from './pricing.js';
import { isRegionId } from './regions.js';

const place = z
  .string()
  .trim()
  .refine(
    (value) => /^[A-Za-z]{2}$/.test(value) || isRegionId(value),
    'must be a country code (GB) or a region (europe)',
  )
  .transform((value) => (isRegionId(value) ? value : value.toUpperCase()));

export const markupSchema = z.object({
  percent: z.number().min(0, 'Percentage cannot be negative').max(300, 'Percentage is at most 300'),
  fixed: z.number().min(0, 'Fixed fee cannot be negative').max(100_000),
  per: z.enum(FEE_BASES),
});

export const ruleMatchSchema = z.object({
  origin: place.optional(),
  destination: place.optional(),
  carrier: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{2}$/, 'must be an airline code like BA')
    .transform((value) => value.toUpperCase())
    .optional(),
  cabin: z.enum(CABIN_CLASSES).optional(),
  tripType: z.enum(TRIP_TYPES).optional(),
});

export const pricingRuleSchema = markupSchema.extend({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be lowercase letters, digits and hyphens'),
  name: z.string().trim().min(1, 'Name is required').max(80),
  match: ruleMatchSchema,
});

export const brandPricingSchema = z
  .object({
    rules: z.array(pricingRuleSchema).max(100, 'At most 100 rules'),
    fallback: markupSchema,
    minimumMarginPercent: z.number().min(0).max(100),
  })
  .superRefine((pricing, context) => {
    const seen = new Set<string>();
    pricing.rules.forEach((rule, index) => {
      if (rule.id === 'default' || seen.has(rule.id))
        context.addIssue({
          code: 'custom',
          path: ['rules', index, 'id'],
          message: `Rule id ${rule.id} is already used`,
        });
      seen.add(rule.id);
    });
  });

export { DEFAULT_PRICING };

/** `PUT /api/admin/brands/:key/pricing`: the brand's whole pricing, and why it changes (the audit trail keeps both). */
export const setPricingSchema = z.object({
  pricing: brandPricingSchema,
  reason: z.string().trim().min(5, 'Say why, in 5 characters or more').max(500),
});
export type SetPricingInput = z.input<typeof setPricingSchema>;
