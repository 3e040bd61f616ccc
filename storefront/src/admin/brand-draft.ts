import { brandUpdateSchema, newBrandSchema, type AdminBrand } from '@contrail/shared/admin/brands';
import {
  isHexColour,
  THEME_COLOURS,
  type Brand,
  type BrandTheme,
  type ThemeColour,
} from '@contrail/shared/brand/brand';
import { DEFAULT_BRAND } from '@contrail/shared/brand/default-brand';
import type { BrandInput } from './adminApi';

/** A brand as the form edits it: every field text, so half-typed values survive. Its pricing has its own editor (PricingRulesEditor). */
export interface BrandDraft {
  key: string;
  name: string;
  domain: string;
  logo: string;
  theme: Record<ThemeColour | 'font', string>;
  contact: { email: string; phone: string; address: string };
  social: { facebook: string; twitter: string; instagram: string };
  /** When the brand answers, as its pages say it. */
  hours: { phone: string; supportPage: string; office: string };
  /** The brand keeps its markup when a booking is cancelled (shown in the policy and the refund quote). */
  markupKeptOnRefund: boolean;
}

/** Messages by dotted field path ("theme.primary"), as the engine names them too. */
export type DraftErrors = Record<string, string>;

/** The form's starting point: the brand being edited, or a new brand in the default theme. */
export function draftOf(brand?: AdminBrand): BrandDraft {
  // A new brand starts from the default theme but with its own identity and contact to fill in.
  const source: Brand = brand ?? {
    ...DEFAULT_BRAND,
    key: '',
    name: '',
    domain: '',
    logo: '',
    contact: { email: '', phone: '', address: '' },
  };
  return {
    key: source.key,
    name: source.name,
    domain: source.domain,
    logo: source.logo,
    theme: { ...source.theme },
    contact: { ...source.contact },
    social: { ...source.social },
    hours: { ...DEFAULT_BRAND.hours, ...source.hours },
    markupKeptOnRefund: source.markupKeptOnRefund ?? true,
  };
}

/** What the engine is sent: the draft's fields (never the pricing, changed apart with a reason). */
export function brandInputOf(draft: BrandDraft): BrandInput {
  return { ...draft };
}

/**
 * The shared brand schema's first message per field, as the engine checks a new brand or an
 * update of `saved`; none when the draft would be accepted.
 */
export function draftErrors(draft: BrandDraft, saved?: Brand): DraftErrors {
  const errors: DraftErrors = {};
  const schema = saved ? brandUpdateSchema(saved) : newBrandSchema;
  const result = schema.safeParse(brandInputOf(draft));
  if (!result.success) {
    for (const issue of result.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  }
  return errors;
}

/** #rgb as #rrggbb (what <input type="color"> needs); other values unchanged. */
export function fullHex(value: string): string {
  const body = value.trim().replace(/^#/, '');
  return body.length === 3 ? `#${[...body].map((c) => c + c).join('')}`.toLowerCase() : value.trim().toLowerCase();
}

/**
 * The brand the preview paints: the draft, with each colour not (yet) valid replaced by the one
 * from `fallback`, so the preview never breaks while someone types.
 */
export function previewBrandOf(draft: BrandDraft, fallback: Brand = DEFAULT_BRAND): Brand {
  const theme = { ...draft.theme } as BrandTheme;
  for (const colour of THEME_COLOURS) {
    if (!isHexColour(theme[colour])) theme[colour] = fallback.theme[colour];
  }
  return {
    ...draft,
    key: draft.key || fallback.key,
    name: draft.name.trim() || 'Your Brand',
    logo: draft.logo.trim(),
    theme: { ...theme, font: draft.theme.font.trim() || fallback.theme.font },
    contact: { ...draft.contact, phone: draft.contact.phone.trim() || fallback.contact.phone },
    pricing: fallback.pricing,
  };
}
