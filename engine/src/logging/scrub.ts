/**
 * Removes secrets from anything about to be logged: values under sensitive keys anywhere in
 * the object, and card-number-like digit runs inside any string. Pure, so it is tested alone.
 */
const REDACTED = '[Redacted]';

const SENSITIVE_KEY =
  /^(password|currentpassword|newpassword|confirmpassword|passwordhash|cvv|cvc|cardnumber|card_number|number|pan|secret|sessionsecret|token|accesstoken|apikey|authorization|cookie|set-cookie|x-csrf-token|idempotencykey)$/i;

/** Keys that are only sensitive inside a card-like object (a "number" elsewhere is harmless). */
const CARD_ONLY_KEYS = /^(number|pan)$/i;
const CARD_CONTAINER = /card/i;

/** 13 to 19 digits, optionally grouped by spaces or dashes: the shape of a payment card number. */
const CARD_NUMBER_IN_TEXT = /\b(?:\d[ -]?){12,18}\d\b/g;
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
  return text.replace(CARD_NUMBER_IN_TEXT, REDACTED).replace(EMAIL_IN_TEXT, REDACTED);
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
