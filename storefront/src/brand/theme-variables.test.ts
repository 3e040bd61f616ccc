import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_BRAND } from '@contrail/shared/brand/default-brand';
import { describe, expect, it } from 'vitest';
import { fontStack, themeVariables } from './theme-variables';

describe('themeVariables', () => {
  it('matches the first-paint defaults in index.css for the default brand', () => {
    const css = readFileSync(path.join(__dirname, '../index.css'), 'utf8');
    for (const [name, value] of Object.entries(themeVariables(DEFAULT_BRAND))) {
      if (name === '--brand-font') continue;
      expect(css, name).toContain(`${name}: ${value};`);
    }
  });

  it('quotes the font and strips characters that could break out of the declaration', () => {
    expect(fontStack('Open Sans')).toMatch(/^"Open Sans", ui-sans-serif/);
    expect(fontStack('x"; color: red')).toMatch(/^"x color: red", /);
    expect(fontStack('')).toMatch(/^ui-sans-serif/);
  });

  it('names the bundled family of a font from the list', () => {
    expect(fontStack('Inter')).toMatch(/^"Inter Variable", ui-sans-serif/);
    expect(fontStack(' Lora ')).toMatch(/^"Lora Variable", /);
    expect(fontStack('Montserrat')).toMatch(/^"Montserrat Variable", /);
  });
});
