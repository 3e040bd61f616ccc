import { describe, expect, it } from 'vitest';
import { printable } from './printable.js';

describe('printable', () => {
  it('writes out controls and bidi, invisible and line-separator characters as \\uXXXX', () => {
    expect(printable('Jane\u202Eevil')).toBe('Jane\\u202Eevil');
    expect(printable('\u001b[2J\u0007\u009b\u007f\t\r')).toBe('\\u001B[2J\\u0007\\u009B\\u007F\\u0009\\u000D');
    // A carriage return ending a line (CSV's CRLF) is harmless; one that moves the cursor back is not.
    expect(printable('a,b\r\nc\rd')).toBe('a,b\r\nc\\u000Dd');
    expect(printable('a\u200Bb\u2066c\u2069d\u061Ce\uFEFFf\u2028')).toBe(
      'a\\u200Bb\\u2066c\\u2069d\\u061Ce\\uFEFFf\\u2028',
    );
  });

  it('keeps line feeds and every other character, accents and right-to-left scripts included', () => {
    const text = 'Zoë Ødegård — שלום مرحبا 日本 🛫\n  next line';
    expect(printable(text)).toBe(text);
  });

  it('keeps JSON valid and meaning the same', () => {
    const value = { name: 'Jane\u202Eevil\u0085', nested: ['\u2067x'] };
    const shown = printable(JSON.stringify(value, null, 2));
    expect(shown).not.toMatch(/[\u202E\u0085\u2067]/);
    expect(JSON.parse(shown)).toEqual(value);
  });
});
