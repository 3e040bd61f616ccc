import { isBrandFont } from '@contrail/shared/brand/fonts';
import type { Brand } from '@contrail/shared/brand/brand';
import { THEME_VARIABLES } from '@contrail/shared/brand/first-paint';
import { brandPalette, type BrandPalette } from '@contrail/shared/brand/theme';
import { fontFamily, loadBrandFont } from './brand-fonts';

/** A font name as a safe CSS family list: the brand's font (bundled if it is), then system fonts. */
export function fontStack(font: string): string {
  const trimmed = font.trim();
  const name = isBrandFont(trimmed) ? fontFamily(trimmed) : trimmed.replace(/["'\\;{}<>]/g, '').trim();
  const fallback = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  return name ? `"${name}", ${fallback}` : fallback;
}

/** The CSS custom properties index.css maps to Tailwind colours, radius and font. */
export function themeVariables(brand: Brand): Record<string, string> {
  const palette = brandPalette(brand.theme);
  const variables: Record<string, string> = {};
  for (const [key, name] of Object.entries(THEME_VARIABLES) as [keyof BrandPalette, string][])
    variables[name] = palette[key];
  variables['--brand-font'] = fontStack(brand.theme.font);
  return variables;
}

export function applyTheme(brand: Brand, root: HTMLElement = document.documentElement) {
  loadBrandFont(brand.theme.font);
  for (const [name, value] of Object.entries(themeVariables(brand))) root.style.setProperty(name, value);
}
