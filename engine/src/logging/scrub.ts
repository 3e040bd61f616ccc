import { containsCardNumber, replaceCardNumbers } from './card-numbers.js';

/**
 * Removes secrets from anything about to be logged: values under sensitive keys anywhere in
 * the object, and card numbers and emails inside any string or number. Pure, so it is tested alone.
 */
const REDACTED = '[Redacted]';

const SENSITIVE_KEY =
  /^(password|currentpassword|newpassword|confirmpassword|passwordhash|cvv|cvc|cardnumber|card_number|number|pan|secret|sessionsecret|token|accesstoken|apikey|authorization|cookie|set-cookie|x-csrf-token|idempotencykey)$/i;

/** Keys that are only sensitive inside a card-like object (a "number" elsewhere is harmless). */
const CARD_ONLY_KEYS = /^(number|pan)$/i;
const CARD_CONTAINER = /card/i;

/** An email address: personal data, never needed in a log line to find a request. */
export const EMAIL_IN_TEXT = /[\w.%+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}/g;

function isSensitive(key: string, parentKey: string | undefined): boolean {
  if (!SENSITIVE_KEY.test(key)) return false;
  if (CARD_ONLY_KEYS.test(key)) return parentKey !== undefined && CARD_CONTAINER.test(parentKey);
  return true;
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

export function scrubText(text: string): string {
  return replaceCardNumbers(text, REDACTED).replace(EMAIL_IN_TEXT, REDACTED);
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * A URL as it may be logged: the path and every query value scrubbed like text, the values of
 * sensitive parameters (password, token, card number...) replaced whole. Decoded first, so that
 * `%40` or `+` cannot smuggle an email or a card number past the patterns.
 */
export function scrubUrl(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const safePath = scrubText(decoded(path));
  if (query === undefined) return safePath;
  const pairs = query.split('&').map((pair) => {
    const [key = '', ...rest] = pair.split('=');
    const name = scrubText(decoded(key));
    if (rest.length === 0) return name;
    return `${name}=${isSensitive(decoded(key), 'card') ? REDACTED : scrubText(decoded(rest.join('=')))}`;
  });
  return `${safePath}?${pairs.join('&')}`;
}

export function scrubSecrets(value: unknown, parentKey?: string, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (typeof value === 'number' || typeof value === 'bigint')
    return containsCardNumber(String(value)) ? REDACTED : value;
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => scrubSecrets(item, parentKey, seen));
  if (value instanceof Error) {
    return { type: value.name, message: scrubText(value.message), stack: value.stack && scrubText(value.stack) };
  }
  // Live objects (requests, responses, sockets) go to pino's serializers untouched: copying them
  // would be slow and would lose their getters. Their secret headers are removed by `redact`.
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    result[key] = isSensitive(key, parentKey) ? REDACTED : scrubSecrets(entry, key, seen);
  }
  return result;
}

/** JSON's escapes of control characters: spaces to the card finder, as the characters they stand for. */
const ESCAPED_CONTROL = /\\(?:[bfnrt]|u00[01][\da-fA-F])/g;

/**
 * A serialized log line as it may be written: the last guard, for whatever reaches the line
 * without passing scrubSecrets (child loggers' bindings, serializers' output such as a request's
 * id, messages). A line with no card number and no email, nearly every line, is written as it is;
 * one with either is parsed and scrubbed whole, so that it stays valid JSON.
 */
export function scrubLogLine(line: string): string {
  const text = line.includes('\\') ? line.replace(ESCAPED_CONTROL, ' ') : line;
  if (!containsCardNumber(text) && !(text.includes('@') && text.search(EMAIL_IN_TEXT) !== -1)) return line;
  return `${JSON.stringify(scrubSecrets(JSON.parse(line)))}\n`;
}
