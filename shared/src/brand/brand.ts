import { z } from 'zod';
import { brandPricingSchema, DEFAULT_PRICING } from '../pricing/pricing-schema.js';
import { DEFAULT_BRAND_HOURS } from './brand-hours.js';

/** A colour as the brand manager stores it: #rgb or #rrggbb. */
export const hexColour = z
  .string()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Colour must be a hex value like #008870');

export function isHexColour(value: string): boolean {
  return hexColour.safeParse(value).success;
}

export const THEME_COLOURS = ['primary', 'secondary', 'accent', 'background', 'text'] as const;
export type ThemeColour = (typeof THEME_COLOURS)[number];

export const brandThemeSchema = z.object({
  primary: hexColour,
  secondary: hexColour,
  accent: hexColour,
  background: hexColour,
  text: hexColour,
  font: z.string().trim().min(1, 'Font is required').max(80),
});

export const brandContactSchema = z.object({
  email: z.email('Please enter a valid email address'),
  phone: z.string().trim().min(3, 'Phone is required').max(40),
  address: z.string().trim().max(200).default(''),
});

export const brandSocialSchema = z.object({
  facebook: z.string().trim().max(300).default(''),
  twitter: z.string().trim().max(300).default(''),
  instagram: z.string().trim().max(300).default(''),
});

export const BRAND_HOURS_MAX = 80;
const hoursText = (fallback: string) =>
  z.string().trim().min(1, 'Say when you answer').max(BRAND_HOURS_MAX).default(fallback);

/**
 * When the brand answers, as its pages say it (issue #31): phone support (the header, the home
 * page, the policies: "Call us 24/7"), the support page's hours, and the contact page's opening
 * hours. The defaults are seed 001 §9's texts.
 */
export const brandHoursSchema = z.object({
  phone: hoursText(DEFAULT_BRAND_HOURS.phone),
  supportPage: hoursText(DEFAULT_BRAND_HOURS.supportPage),
  office: hoursText(DEFAULT_BRAND_HOURS.office),
});
export type BrandHours = z.infer<typeof brandHoursSchema>;

/** The brand configuration of seed 000 §3, as `GET /api/brands/:key` answers it. */
export const brandSchema = z.object({
  key: z.string().min(1),
  name: z.string().trim().min(1, 'Name is required').max(80),
  domain: z.string().trim().max(253),
  logo: z.string().trim().max(2000),
  theme: brandThemeSchema,
  contact: brandContactSchema,
  social: brandSocialSchema,
  hours: brandHoursSchema.default(DEFAULT_BRAND_HOURS),
  /** How the provider's price becomes the traveller's (pricing/price-offer.ts; seed: x 1.23). */
  pricing: brandPricingSchema.default(DEFAULT_PRICING),
  /** The markup stays with the brand when a booking is cancelled (the policy pages and the quote say so). */
  markupKeptOnRefund: z.boolean().default(true),
});

export type BrandTheme = z.infer<typeof brandThemeSchema>;
export type Brand = z.infer<typeof brandSchema>;
