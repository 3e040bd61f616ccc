import type { Brand } from './brand.js';
import { brandPalette, type BrandPalette } from './theme.js';

/**
 * A page's first paint in its brand (issue 33 item 13). The build prerenders the first screens
 * without a brand (storefront/src/app/shell/shells.tsx): neutral greys, and these invisible
 * placeholders where the name and phone number go. The engine, which knows the brand from the
 * request, puts the brand's name and phone in their place and its colours in a stylesheet, so the
 * first paint is the brand's, under any brand's domain, before any script runs.
 */

/** The brand name's place in a prerendered screen (invisible characters, never in real text). */
export const SHELL_NAME = '\u2063\u2063';
/** The phone number's place in a prerendered screen; its no-break space holds the line's height. */
export const SHELL_PHONE = '\u2064\u00a0\u2064';
/** The class that gives a prerendered screen its neutral colours (index.css). */
export const NEUTRAL_CLASS = 'brand-neutral';
/** The stylesheet with the colours of the brand a request names (the engine serves it). */
export const BRAND_THEME_PATH = '/brand-theme.css';

/** The CSS custom property of each colour of a brand's palette (index.css maps them to Tailwind's colours). */
export const THEME_VARIABLES: Record<keyof BrandPalette, string> = {
  primary: '--brand-primary',
  secondary: '--brand-secondary',
  accent: '--brand-accent',
  primarySurface: '--brand-primary-surface',
  primaryForeground: '--brand-primary-foreground',
  primaryHover: '--brand-primary-hover',
  secondarySurface: '--brand-secondary-surface',
  secondaryForeground: '--brand-secondary-foreground',
  accentSurface: '--brand-accent-surface',
  accentForeground: '--brand-accent-foreground',
  primaryText: '--brand-primary-text',
  background: '--brand-background',
  foreground: '--brand-foreground',
  subtle: '--brand-subtle',
  muted: '--brand-muted',
  border: '--brand-border',
  mutedForeground: '--brand-muted-foreground',
  destructive: '--brand-destructive',
  destructiveSurface: '--brand-destructive-surface',
  destructiveForeground: '--brand-destructive-foreground',
  destructiveText: '--brand-destructive-text',
  success: '--brand-success',
  warning: '--brand-warning',
  info: '--brand-info',
};

/** A brand's colours as CSS custom properties on the page (its colours are validated hex codes). */
export function brandThemeCss(brand: Pick<Brand, 'theme'>): string {
  const palette = brandPalette(brand.theme);
  const declarations = (Object.entries(THEME_VARIABLES) as Array<[keyof BrandPalette, string]>)
    .map(([key, name]) => `${name}:${palette[key]}`)
    .join(';');
  return `:root{${declarations}}\n`;
}

/** The phone number as a telephone link's target: its digits and a leading plus. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
