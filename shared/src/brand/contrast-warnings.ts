import { isHexColour, THEME_COLOURS, type BrandTheme } from './brand.js';
import { AA_TEXT, brandPalette, contrastRatio, contrastText, legibleSurface } from './theme.js';

export interface ContrastWarning {
  /** The surface the text sits on. */
  surface: 'primary' | 'secondary' | 'accent' | 'background';
  ratio: number;
  message: string;
}

const SURFACES = ['primary', 'secondary', 'accent'] as const;

function ratioText(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

/**
 * The brand editor's and `contrail brands create`'s warnings. WCAG AA (4.5:1 for normal text) checks of a theme: the storefront's black-or-white text on the
 * primary, secondary and accent colours, and body text on the background. The storefront steps
 * such colours until they pass; the warning says so, with the colour it will use instead.
 */
export function contrastWarnings(theme: BrandTheme): ContrastWarning[] {
  const warnings: ContrastWarning[] = [];
  for (const surface of SURFACES) {
    const colour = theme[surface];
    if (!isHexColour(colour)) continue;
    const text = contrastText(colour);
    const ratio = contrastRatio(colour, text);
    if (ratio >= AA_TEXT) continue;
    const textName = text === '#ffffff' ? 'White' : 'Black';
    warnings.push({
      surface,
      ratio,
      message:
        `${textName} text on the ${surface} colour ${colour} has a contrast of ${ratioText(ratio)}, below WCAG AA (4.5:1). ` +
        `Buttons and badges will use ${legibleSurface(colour)} instead.`,
    });
  }
  if (isHexColour(theme.text) && isHexColour(theme.background)) {
    const ratio = contrastRatio(theme.text, theme.background);
    if (ratio < AA_TEXT) {
      // The storefront's body text colour, when the whole theme is valid enough to derive it.
      const used = THEME_COLOURS.every((name) => isHexColour(theme[name])) ? brandPalette(theme).foreground : null;
      warnings.push({
        surface: 'background',
        ratio,
        message:
          `Text colour ${theme.text} on the background ${theme.background} has a contrast of ${ratioText(ratio)}, below WCAG AA (4.5:1).` +
          (used ? ` Body text will use ${used} instead.` : ''),
      });
    }
  }
  return warnings;
}
