import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from './default-brand.js';
import {
  brandPalette,
  contrastRatio,
  legibleOn,
  legibleSurface,
  relativeLuminance,
  contrastText,
  darken,
  lighten,
  luminance,
  parseHex,
  toHex,
} from './theme.js';

describe('luminance', () => {
  it('is 0 for black and 1 for white', () => {
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#ffffff')).toBeCloseTo(1, 10);
    expect(luminance('#fff')).toBeCloseTo(1, 10);
  });

  it('is the perceived brightness: amber counts as light, pure blue as dark', () => {
    expect(luminance('#f59e0b')).toBeGreaterThan(0.5);
    expect(luminance('#0000ff')).toBeLessThan(0.2);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(relativeLuminance('#000000')).toBe(0);
  });

  it('weights green above red above blue', () => {
    expect(luminance('#00ff00')).toBeGreaterThan(luminance('#ff0000'));
    expect(luminance('#ff0000')).toBeGreaterThan(luminance('#0000ff'));
  });

  it('rejects anything that is not a hex colour', () => {
    expect(() => luminance('teal')).toThrow('Not a hex colour');
  });
});

describe('contrastText', () => {
  it('is white on the default primary and secondary, black on the default accent', () => {
    expect(contrastText('#008870')).toBe('#ffffff');
    expect(contrastText('#006655')).toBe('#ffffff');
    expect(contrastText('#00ffcc')).toBe('#000000');
  });

  it('switches at luminance 0.5', () => {
    // #808080 is 128/255, just above 0.5; #7f7f7f is 127/255, just below
    expect(luminance('#808080')).toBeGreaterThan(0.5);
    expect(luminance('#7f7f7f')).toBeLessThan(0.5);
    expect(contrastText('#808080')).toBe('#000000');
    expect(contrastText('#7f7f7f')).toBe('#ffffff');
    expect(contrastText('#f59e0b')).toBe('#000000');
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for equal colours, in either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#008870', '#008870')).toBe(1);
  });
});

describe('lighten and darken', () => {
  it('move toward white and black by the given share', () => {
    expect(lighten('#000000', 0.5)).toBe('#808080');
    expect(darken('#ffffff', 0.5)).toBe('#808080');
    expect(lighten('#123456', 0)).toBe('#123456');
    expect(darken('#123456', 1)).toBe('#000000');
    expect(toHex(parseHex('#abc'))).toBe('#aabbcc');
  });
});

describe('brandPalette', () => {
  const palette = brandPalette(DEFAULT_BRAND.theme);

  it('keeps the brand colours and the seed status colours', () => {
    expect(palette.primary).toBe('#008870');
    expect(palette.destructive).toBe('#ff4d4f');
    expect(palette.success).toBe('#52c41a');
    expect(palette.warning).toBe('#faad14');
    expect(palette.info).toBe('#1890ff');
  });

  it('meets WCAG AA (4.5:1) for every text pair of the default brand', () => {
    const pairs: [string, string][] = [
      [palette.foreground, palette.background],
      [palette.foreground, palette.muted],
      [palette.mutedForeground, palette.background],
      [palette.mutedForeground, palette.muted],
      [palette.primaryText, palette.background],
      [palette.primaryText, palette.muted],
      [palette.primaryForeground, palette.primarySurface],
      [palette.primaryForeground, palette.primaryHover],
      [palette.secondaryForeground, palette.secondarySurface],
      [palette.accentForeground, palette.accentSurface],
      [palette.destructiveForeground, palette.destructiveSurface],
      [palette.destructiveText, palette.background],
    ];
    for (const [text, surface] of pairs) expect(contrastRatio(text, surface)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a surface that already passes and steps one that does not', () => {
    expect(legibleSurface('#006655')).toBe('#006655');
    expect(legibleSurface('#008870')).not.toBe('#008870');
    expect(contrastRatio(legibleOn('#ffcc00', '#ffffff'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('derives shades that darken a light background and lighten a dark one', () => {
    expect(luminance(palette.border)).toBeLessThan(luminance('#ffffff'));
    const dark = brandPalette({ ...DEFAULT_BRAND.theme, background: '#101010', text: '#f0f0f0' });
    expect(luminance(dark.border)).toBeGreaterThan(luminance('#101010'));
  });
});
