import { z } from 'zod';
import { brandPricingSchema, DEFAULT_PRICING } from '../pricing/pricing-schema.js';

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

/** The brand configuration of seed 000 §3, as `GET /api/brands/:key` answers it. */
export const brandSchema = z.object({
  key: z.string().min(1),
  name: z.string().trim().min(1, 'Name is required').max(80),
  domain: z.string().trim().max(253),
  logo: z.string().trim().max(2000),
  theme: brandThemeSchema,
  contact: brandContactSchema,
  social: brandSocialSchema,
  /** How the provider's price becomes the traveller's (pricing/price-offer.ts; seed: x 1.23). */
  pricing: brandPricingSchema.default(DEFAULT_PRICING),
  /** The markup stays with the brand when a booking is cancelled (the policy pages and the quote say so). */
  markupKeptOnRefund: z.boolean().default(true),
});

export type BrandTheme = z.infer<typeof brandThemeSchema>;
export type Brand = z.infer<typeof brandSchema>;
