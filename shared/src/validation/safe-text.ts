import { z } from 'zod';

/**
 * Text anyone may send us: no control characters (tab, line feed and carriage return excepted),
 * no lone UTF-16 surrogates. Null bytes break PostgreSQL, lone surrogates break UTF-8 encoders,
 * other controls only ever arrive from tools. One rule for every input, in every schema and
 * (engine/src/http/input-guard.ts) for every request field.
 */
export const UNSAFE_TEXT_MESSAGE = 'must not contain control characters or invalid Unicode';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSafeText(text: string): boolean {
  return !CONTROL.test(text) && !LONE_SURROGATE.test(text);
}

/** A zod string that refuses unsafe text, naming the field: `safeString('name')`. */
export const safeString = (field?: string) =>
  z.string().refine(isSafeText, field ? `${field} ${UNSAFE_TEXT_MESSAGE}` : `Text ${UNSAFE_TEXT_MESSAGE}`);

/** How deep request JSON may nest: far beyond any contract of ours, far below a stack overflow. */
export const MAX_INPUT_DEPTH = 32;

/**
 * The path of the first unsafe string (value or key) in a parsed input, '' for the input itself,
 * or undefined when all is safe. Inputs deeper than MAX_INPUT_DEPTH count as unsafe too.
 */
export function findUnsafeText(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return isSafeText(value) ? undefined : path;
  if (value === null || typeof value !== 'object') return undefined;
  if (depth >= MAX_INPUT_DEPTH) return path;
  for (const [key, entry] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (!isSafeText(key)) return at;
    const found = findUnsafeText(entry, at, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
