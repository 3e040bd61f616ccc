import { z } from 'zod';
import { brandSchema, type Brand } from '../brand/brand.js';
import { DEFAULT_BRAND_KEY } from '../brand/default-brand.js';

/** A brand key is the brand's host name ("skyfares.com") or a short slug, as brandKeyFromLocation reads it. */
export const brandKeySchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?$/, 'Brand key must be lowercase letters, digits, dots and dashes')
  .refine((key) => key !== DEFAULT_BRAND_KEY, 'The default brand is built in and cannot be managed');

/** POST /api/admin/brands: a whole brand; its domain is compared case-insensitively. */
export const newBrandSchema = brandSchema.extend({
  key: brandKeySchema,
  domain: brandSchema.shape.domain.toLowerCase(),
});

/**
 * PATCH /api/admin/brands/:key: any subset of the fields, nested objects merged field by field.
 * The merged brand is then validated whole with newBrandSchema, so messages name the field.
 */
export const brandPatchSchema = z.record(z.string(), z.unknown(), {
  error: 'The body must be a JSON object of brand fields',
});
export type BrandPatch = z.infer<typeof brandPatchSchema>;

const NESTED = new Set(['theme', 'contact', 'social']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The brand as it would be after `patch`: top-level fields replaced, theme/contact/social merged. */
export function applyBrandPatch(brand: Brand, patch: BrandPatch): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...brand };
  for (const [field, value] of Object.entries(patch)) {
    if (field === 'key') continue;
    const current = merged[field];
    merged[field] =
      NESTED.has(field) && isPlainObject(current) && isPlainObject(value) ? { ...current, ...value } : value;
  }
  return merged;
}

/** A brand as the brand manager sees it. */
export const adminBrandSchema = brandSchema.extend({
  disabled: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminBrand = z.infer<typeof adminBrandSchema>;

export const brandChangeActions = ['created', 'updated', 'disabled', 'enabled'] as const;

/** One entry of a brand's audit trail: who changed what, and when. */
export const brandChangeSchema = z.object({
  brandKey: z.string(),
  version: z.number().int(),
  action: z.enum(brandChangeActions),
  /** Field paths that changed ("theme.primary"), each with its value before and after. */
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  by: z.string(),
  at: z.string(),
});
export type BrandChange = z.infer<typeof brandChangeSchema>;

/** `GET /api/admin/brands`: the brands this admin may manage. */
export const brandListSchema = z.object({ brands: z.array(adminBrandSchema) });
export type BrandList = z.infer<typeof brandListSchema>;

/** `GET /api/admin/brands/:key/history`: the brand's audit trail, oldest first. */
export const brandHistorySchema = z.object({ changes: z.array(brandChangeSchema) });
export type BrandHistory = z.infer<typeof brandHistorySchema>;

function flatten(value: unknown, prefix: string, into: Map<string, unknown>): void {
  if (isPlainObject(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, value);
  }
}

/** The fields that differ between two versions of a brand, by dotted path. */
export function brandDiff(before: Brand | undefined, after: Brand): BrandChange['changes'] {
  const old = new Map<string, unknown>();
  const next = new Map<string, unknown>();
  if (before) flatten(before, '', old);
  flatten(after, '', next);
  const changes: BrandChange['changes'] = {};
  for (const path of new Set([...old.keys(), ...next.keys()])) {
    if (old.get(path) !== next.get(path)) changes[path] = { from: old.get(path) ?? null, to: next.get(path) ?? null };
  }
  return changes;
}
