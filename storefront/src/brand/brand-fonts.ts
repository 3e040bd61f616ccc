import { isBrandFont, type BrandFont } from '@contrail/shared/brand/fonts';

/** The CSS family each bundled font registers (@fontsource-variable names them "<Font> Variable"). */
export function fontFamily(font: BrandFont): string {
  return `${font} Variable`;
}

/**
 * Inter comes with the app's CSS (and is preloaded by index.html); another bundled font is
 * fetched when a brand names it. A font outside the list is left to the visitor's system.
 */
const LOADERS: Record<Exclude<BrandFont, 'Inter'>, () => Promise<unknown>> = {
  Lora: () => import('@fontsource-variable/lora'),
  Montserrat: () => import('@fontsource-variable/montserrat'),
};

export function loadBrandFont(font: string): void {
  if (!isBrandFont(font) || font === 'Inter') return;
  LOADERS[font]().catch((error: unknown) => console.warn(`The ${font} font did not load`, error));
}
