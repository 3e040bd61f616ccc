import { DEFAULT_BRAND } from './default-brand.js';
import { contrastRatio } from './theme.js';
import { describe, expect, it } from 'vitest';
import { contrastWarnings } from './contrast-warnings.js';

// Dark navy passes with white text, so only the colour under test can warn.
const theme = { ...DEFAULT_BRAND.theme, primary: '#000080' };

describe('contrastWarnings', () => {
  it('warns about the default theme: white text on #008870 is just under AA', () => {
    expect(contrastWarnings(DEFAULT_BRAND.theme).map((warning) => warning.surface)).toEqual(['primary']);
    expect(contrastRatio('#008870', '#ffffff')).toBeLessThan(4.5);
  });

  it('names the surface, the ratio and the colour the storefront will use instead', () => {
    const [warning, ...rest] = contrastWarnings({ ...theme, primary: '#ff0000' });
    expect(rest).toEqual([]);
    expect(warning!.surface).toBe('primary');
    expect(warning!.ratio).toBeCloseTo(contrastRatio('#ff0000', '#ffffff'), 5);
    expect(warning!.ratio).toBeLessThan(4.5);
    expect(warning!.message).toMatch(
      /^White text on the primary colour #ff0000 has a contrast of \d\.\d\d:1, below WCAG AA \(4\.5:1\)\. Buttons and badges will use #[0-9a-f]{6} instead\.$/,
    );
  });

  it('checks secondary and accent as well, and body text on the background', () => {
    const warnings = contrastWarnings({ ...theme, secondary: '#7a7a7a', accent: '#3b82f6', text: '#aaaaaa' });
    expect(warnings.map((warning) => warning.surface)).toEqual(['secondary', 'accent', 'background']);
    expect(warnings[2]!.message).toMatch(/^Text colour #aaaaaa on the background #ffffff has a contrast of 2\.3\d:1/);
    expect(warnings[2]!.message).toMatch(/Body text will use #[0-9a-f]{6} instead\.$/);
  });

  it('skips colours that are not valid hex yet', () => {
    expect(contrastWarnings({ ...theme, primary: '#ff99', text: 'grey' })).toEqual([]);
  });

  it('has nothing to say about black on white', () => {
    expect(
      contrastWarnings({ ...theme, primary: '#000000', secondary: '#000000', accent: '#ffffff', text: '#000000' }),
    ).toEqual([]);
  });
});
