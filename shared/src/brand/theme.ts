import type { BrandTheme } from './brand.js';

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** Parses #rgb or #rrggbb; anything else is an error, since colours are validated on the way in. */
export function parseHex(hex: string): Rgb {
  const body = hex.trim().replace(/^#/, '');
  const full = body.length === 3 ? [...body].map((c) => c + c).join('') : body;
  if (!/^[0-9a-fA-F]{6}$/.test(full)) throw new Error(`Not a hex colour: ${hex}`);
  return {
    r: parseInt(full.slice(0, 2), 16),
    g: parseInt(full.slice(2, 4), 16),
    b: parseInt(full.slice(4, 6), 16),
  };
}

export function toHex({ r, g, b }: Rgb): string {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/**
 * Perceived brightness, 0 (black) to 1 (white): the Rec. 601 weights on the stored channels.
 * This is the "luminance" of seed 000 §9's text-colour rule; it judges warm mid-tones (amber,
 * orange) as light, as the eye does, where WCAG's linear luminance would call them dark.
 */
export function luminance(hex: string): number {
  const { r, g, b } = parseHex(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/** WCAG 2 relative luminance, 0 (black) to 1 (white), used for contrast ratios. */
export function relativeLuminance(hex: string): number {
  const { r, g, b } = parseHex(hex);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio between two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Seed 000 §9: text on a coloured surface is black when its luminance is above 0.5, else white. */
export function contrastText(hex: string): '#000000' | '#ffffff' {
  return luminance(hex) > 0.5 ? '#000000' : '#ffffff';
}

function mix(hex: string, toward: Rgb, amount: number): string {
  const from = parseHex(hex);
  const t = Math.min(1, Math.max(0, amount));
  return toHex({
    r: from.r + (toward.r - from.r) * t,
    g: from.g + (toward.g - from.g) * t,
    b: from.b + (toward.b - from.b) * t,
  });
}

/** Moves a colour toward white by `amount` (0..1). */
export function lighten(hex: string, amount: number): string {
  return mix(hex, { r: 255, g: 255, b: 255 }, amount);
}

/** Moves a colour toward black by `amount` (0..1). */
export function darken(hex: string, amount: number): string {
  return mix(hex, { r: 0, g: 0, b: 0 }, amount);
}

/** Status colours of seed 000 §9; the same for every brand. */
export const STATUS_COLOURS = {
  destructive: '#ff4d4f',
  success: '#52c41a',
  warning: '#faad14',
  info: '#1890ff',
} as const;

/** Fixed steps for the derived shades (seed 000 §9: "lightened or darkened by fixed steps"). */
export const SHADE_STEPS = { subtle: 0.04, muted: 0.08, border: 0.14, mutedText: 0.3, hover: 0.12 } as const;

/** Lightens on a dark background and darkens on a light one, so shades always separate from it. */
function shade(background: string, amount: number): string {
  return luminance(background) > 0.5 ? darken(background, amount) : lighten(background, amount);
}

/** WCAG AA for normal text. */
export const AA_TEXT = 4.5;
const STEP = 0.04;

/**
 * The colour itself when it reaches `min` contrast against `against`, else the first step toward
 * black or white (whichever side `against` is not on) that does. Keeps brand hues while staying legible.
 */
export function legibleOn(colour: string, against: string, min = AA_TEXT): string {
  const toward = luminance(against) > 0.5 ? darken : lighten;
  for (let amount = 0; amount <= 1; amount += STEP) {
    const candidate = toward(colour, amount);
    if (contrastRatio(candidate, against) >= min) return candidate;
  }
  return toward(colour, 1);
}

/** A surface colour on which its own contrast text (seed 000 §9 rule) reaches `min`. */
export function legibleSurface(colour: string, min = AA_TEXT): string {
  const text = contrastText(colour);
  const toward = text === '#ffffff' ? darken : lighten;
  for (let amount = 0; amount <= 1; amount += STEP) {
    const candidate = toward(colour, amount);
    if (contrastRatio(candidate, contrastText(candidate)) >= min) return candidate;
  }
  return toward(colour, 1);
}

export interface BrandPalette {
  /** The brand colours as configured: borders, icons, large decorative areas. */
  primary: string;
  secondary: string;
  accent: string;
  /** Button and badge surfaces: the brand colour, stepped just enough for AA text on it. */
  primarySurface: string;
  primaryForeground: string;
  primaryHover: string;
  secondarySurface: string;
  secondaryForeground: string;
  accentSurface: string;
  accentForeground: string;
  /** The primary colour as text or links on the page background. */
  primaryText: string;
  background: string;
  foreground: string;
  subtle: string;
  muted: string;
  border: string;
  mutedForeground: string;
  destructive: string;
  destructiveSurface: string;
  destructiveForeground: string;
  destructiveText: string;
  success: string;
  warning: string;
  info: string;
}

function surface(colour: string) {
  const base = legibleSurface(colour);
  const foreground = contrastText(base);
  const hover = foreground === '#ffffff' ? darken(base, SHADE_STEPS.hover) : lighten(base, SHADE_STEPS.hover);
  return { base, foreground, hover };
}

/** Every colour the storefront paints with, derived from a brand theme. */
export function brandPalette(theme: BrandTheme): BrandPalette {
  const { primary, secondary, accent, background, text } = theme;
  const primarySurface = surface(primary);
  const secondarySurface = surface(secondary);
  const accentSurface = surface(accent);
  // The seed's black-or-white rule covers primary, secondary and accent; errors keep white text.
  const destructiveSurface = legibleOn(STATUS_COLOURS.destructive, '#ffffff');
  const muted = shade(background, SHADE_STEPS.muted);
  return {
    primary,
    secondary,
    accent,
    primarySurface: primarySurface.base,
    primaryForeground: primarySurface.foreground,
    primaryHover: primarySurface.hover,
    secondarySurface: secondarySurface.base,
    secondaryForeground: secondarySurface.foreground,
    accentSurface: accentSurface.base,
    accentForeground: accentSurface.foreground,
    primaryText: legibleOn(primary, muted),
    background,
    foreground: legibleOn(text, muted),
    subtle: shade(background, SHADE_STEPS.subtle),
    muted,
    border: shade(background, SHADE_STEPS.border),
    mutedForeground: legibleOn(mix(text, parseHex(background), SHADE_STEPS.mutedText), muted),
    destructive: STATUS_COLOURS.destructive,
    destructiveSurface,
    destructiveForeground: '#ffffff',
    destructiveText: legibleOn(STATUS_COLOURS.destructive, background),
    success: STATUS_COLOURS.success,
    warning: STATUS_COLOURS.warning,
    info: STATUS_COLOURS.info,
  };
}
