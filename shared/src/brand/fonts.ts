/**
 * The fonts the storefront bundles (self-hosted, @fontsource-variable): a brand picks one of
 * these, and the brand manager offers exactly this list. Inter is the default brand's.
 */
export const BRAND_FONTS = ['Inter', 'Lora', 'Montserrat'] as const;
export type BrandFont = (typeof BRAND_FONTS)[number];

export function isBrandFont(font: string): font is BrandFont {
  return (BRAND_FONTS as readonly string[]).includes(font);
}
