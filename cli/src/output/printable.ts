/**
 * What a terminal acts on instead of showing: C0 and C1 controls (but the line feed our own output
 * uses, and a carriage return right before one: CSV's record separator), DEL, and the invisible and
 * bidi formatting characters that hide or reorder what follows (U+202E makes "Jane" print as "enaJ").
 */
const UNPRINTABLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B-\u200F\u2028-\u202E\u2060-\u2069\uFEFF]|\r(?!\n)/g;

/**
 * Text as a terminal should show it: each such character written out as \uXXXX. In JSON text that
 * is the same string's escape, so JSON stays valid and means the same.
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (char) => `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}
