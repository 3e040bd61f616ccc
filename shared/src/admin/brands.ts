import { z } from 'zod';
import { BRAND_HOURS_MAX, brandContactSchema, brandSchema, brandThemeSchema, type Brand } from '../brand/brand.js';
import { DEFAULT_BRAND_HOURS } from '../brand/brand-hours.js';
import { DEFAULT_BRAND_KEY } from '../brand/default-brand.js';
import { BRAND_FONTS, isBrandFont } from '../brand/fonts.js';
import { isSafeText } from '../validation/safe-text.js';

/** A brand key is the brand's host name ("skyfares.com") or a short slug, as brandKeyFromLocation reads it. */
export const brandKeySchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?$/, 'Brand key must be lowercase letters, digits, dots and dashes')
  .refine((key) => key !== DEFAULT_BRAND_KEY, 'The default brand is built in and cannot be managed');

// Markup, control characters (line breaks and tabs included) and the bidi controls that reorder what follows.
// eslint-disable-next-line no-control-regex
const CONTROL_OR_MARKUP = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069<>]/;
/** What a web address never holds raw: spaces, quotes, backslashes and backticks (besides the above). */
const NOT_IN_ADDRESS = /[\s"'\\`]/;
/** A host name of two labels or more (a one-word host chooses its brand by ?brand=), ending in a name, not a number. */
const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** A font family name, as a brand saved before the bundled list may still name one. */
const FAMILY_NAME = /^[\p{L}\p{N} -]+$/u;

const isPlainLine = (text: string) => !CONTROL_OR_MARKUP.test(text) && isSafeText(text);

const plainLine = (schema: z.ZodString, label: string) =>
  schema.refine(isPlainLine, `${label} must be plain text, without < > or control characters`);

/** A text about when the brand answers, as its pages print it. */
const hoursLine = (label: string, fallback: string) =>
  plainLine(
    z
      .string({ error: `${label} must be text` })
      .trim()
      .min(1, `${label} are required`)
      .max(BRAND_HOURS_MAX, `${label} must be at most ${BRAND_HOURS_MAX} characters`),
    label,
  ).default(fallback);

function isHttpsAddress(text: string): boolean {
  if (!isPlainLine(text) || NOT_IN_ADDRESS.test(text)) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** A path on the storefront's own origin, like the demo brands' /brand-logos/skyhop.svg (not //host). */
const isSameOriginPath = (text: string) => /^\/(?![/\\])/.test(text) && isPlainLine(text) && !NOT_IN_ADDRESS.test(text);

const socialLink = (label: string) =>
  z
    .string()
    .trim()
    .max(300)
    .refine((text) => text === '' || isHttpsAddress(text), `${label} must be an https:// address`)
    .default('');

const FONT_MESSAGE = `Font must be one of ${BRAND_FONTS.join(', ')}`;

/** The theme a write stores: a bundled font, or `keptFont` (the brand's own, saved before the list) unchanged. */
const themeInputSchema = (keptFont?: string) =>
  brandThemeSchema.extend({
    font: brandThemeSchema.shape.font.refine((font) => isBrandFont(font) || font === keptFont, FONT_MESSAGE),
  });

/**
 * POST /api/admin/brands: a whole brand, every field checked for what the storefront does with it:
 * names and contact as plain text, the logo an https:// address or a path on this site, social
 * links https://, the domain a host name (compared case-insensitively), the font a bundled one.
 */
export const newBrandSchema = brandSchema.extend({
  key: brandKeySchema,
  name: plainLine(brandSchema.shape.name, 'Name'),
  domain: brandSchema.shape.domain
    .toLowerCase()
    .refine((domain) => domain === '' || HOST_NAME.test(domain), 'Domain must be a host name like skyfares.com'),
  logo: brandSchema.shape.logo.refine(
    (logo) => logo === '' || isHttpsAddress(logo) || isSameOriginPath(logo),
    'Logo must be an https:// address or a path on this site like /brand-logos/logo.svg',
  ),
  theme: themeInputSchema(),
  contact: brandContactSchema.extend({
    phone: plainLine(brandContactSchema.shape.phone, 'Phone'),
    address: plainLine(z.string().trim().max(200), 'Address').default(''),
  }),
  social: z.object({
    facebook: socialLink('Facebook link'),
    twitter: socialLink('Twitter / X link'),
    instagram: socialLink('Instagram link'),
  }),
  hours: z
    .object({
      phone: hoursLine('Phone support hours', DEFAULT_BRAND_HOURS.phone),
      supportPage: hoursLine('Support page hours', DEFAULT_BRAND_HOURS.supportPage),
      office: hoursLine('Opening hours', DEFAULT_BRAND_HOURS.office),
    })
    .default(DEFAULT_BRAND_HOURS),
});

/**
 * PATCH /api/admin/brands/:key: the merged brand as newBrandSchema takes it, except that a font
 * saved before the bundled list stays allowed while unchanged (the brand manager still offers it).
 */
export function brandUpdateSchema(current: Brand): typeof newBrandSchema {
  const font = current.theme.font;
  if (isBrandFont(font) || !FAMILY_NAME.test(font)) return newBrandSchema;
  return newBrandSchema.extend({ theme: themeInputSchema(font) });
}

/**
 * PATCH /api/admin/brands/:key: any subset of the fields, nested objects merged field by field.
 * The merged brand is then validated whole with brandUpdateSchema, so messages name the field.
 */
export const brandPatchSchema = z.record(z.string(), z.unknown(), {
  error: 'The body must be a JSON object of brand fields',
});
export type BrandPatch = z.infer<typeof brandPatchSchema>;

const NESTED = new Set(['theme', 'contact', 'social', 'hours']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The brand as it would be after `patch`: top-level fields replaced, theme/contact/social/hours merged. */
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

export const brandChangeActions = ['created', 'updated', 'disabled', 'enabled', 'pricing'] as const;

/** One entry of a brand's audit trail: who changed what, and when. */
export const brandChangeSchema = z.object({
  brandKey: z.string(),
  version: z.number().int(),
  action: z.enum(brandChangeActions),
  /** Field paths that changed ("theme.primary"), each with its value before and after. */
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  by: z.string(),
  at: z.string(),
  /** Why, for the changes that must say so (pricing); null otherwise. */
  reason: z.string().nullable().default(null),
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
    // Arrays (pricing rules) are leaves: compared by value.
    if (JSON.stringify(old.get(path)) !== JSON.stringify(next.get(path)))
      changes[path] = { from: old.get(path) ?? null, to: next.get(path) ?? null };
  }
  return changes;
}
