/**
 * Finds payment card numbers in text however they are written: 13 to 19 digits that pass the Luhn
 * check, letters touching them or not (`card4000056655665556`, `4242424242424242a`), their digits
 * apart by any mix of spaces (double, non-breaking, zero-width and other invisible characters),
 * dots, underscores, slashes, backslashes or dashes. Pure: the log scrubber, the request-id check
 * and the tests' leak scanner share it.
 */

export interface Span {
  start: number;
  /** Exclusive. */
  end: number;
}

const MIN_DIGITS = 13;
const MAX_DIGITS = 19;

/** Digits joined by separators: `\s` covers every space (U+FEFF too), `\p{Cf}` zero-width and bidi marks. */
const JOINED_DIGITS = /\d(?:[\s\p{Cf}._/\\\-\u2010-\u2015]*\d)*/gu;
/** A UUID's groups are not joined: no card is written 8-4-4-4-12, and request and booking ids are UUIDs. */
const UUID = /[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}/gi;
/**
 * Epoch milliseconds until 2096 (pino's `time`, timestamps in ids): 13 digits starting with 1 to
 * 3. No scheme issues 13-digit numbers there (Visa's start with 4, Maestro's with 5 or 6).
 */
function isEpochMilliseconds(digits: readonly number[], first: number, length: number): boolean {
  return length === MIN_DIGITS && digits[first]! >= 1 && digits[first]! <= 3;
}

function luhnSum(digits: readonly number[], first: number, length: number): number {
  let sum = 0;
  for (let index = 0; index < length; index += 1) {
    const digit = digits[first + length - 1 - index]!;
    sum += index % 2 === 0 ? digit : digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
  }
  return sum;
}

export function isLuhnValid(digits: string): boolean {
  return luhnSum([...digits].map(Number), 0, digits.length) % 10 === 0;
}

/**
 * Every window of 13 to 19 consecutive digits of one run is tried, so a card is found also when
 * other digits stand next to it ("order 12 4242 4242 4242 4242"); overlapping finds are merged.
 */
function spansInRun(run: string, offset: number): Span[] {
  const positions: number[] = [];
  const digits: number[] = [];
  for (let index = 0; index < run.length; index += 1) {
    const code = run.charCodeAt(index);
    if (code < 48 || code > 57) continue;
    positions.push(offset + index);
    digits.push(code - 48);
  }
  const spans: Span[] = [];
  for (let first = 0; first + MIN_DIGITS <= digits.length; first += 1) {
    for (let length = MIN_DIGITS; length <= MAX_DIGITS && first + length <= digits.length; length += 1) {
      if (isEpochMilliseconds(digits, first, length) || luhnSum(digits, first, length) % 10 !== 0) continue;
      const span = { start: positions[first]!, end: positions[first + length - 1]! + 1 };
      const last = spans.at(-1);
      if (last && span.start < last.end) last.end = Math.max(last.end, span.end);
      else spans.push(span);
    }
  }
  return spans;
}

function spansIn(text: string): Span[] {
  const spans: Span[] = [];
  for (const run of text.matchAll(JOINED_DIGITS)) spans.push(...spansInRun(run[0], run.index));
  return spans;
}

function hasDigitsForACard(text: string): boolean {
  let digits = 0;
  for (let index = 0; index < text.length && digits < MIN_DIGITS; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 48 && code <= 57) digits += 1;
  }
  return digits === MIN_DIGITS;
}

/** Where the card numbers are in `text`, in order and apart. */
export function cardNumberSpans(text: string): Span[] {
  // Most logged strings are short words and ids: counting their digits is all they cost.
  if (!hasDigitsForACard(text)) return [];
  const spans = spansIn(text);
  // UUIDs are masked only when something was found: nearly every log line holds one and no card.
  if (spans.length === 0 || text.search(UUID) === -1) return spans;
  return spansIn(text.replace(UUID, (uuid) => 'x'.repeat(uuid.length)));
}

export function containsCardNumber(text: string): boolean {
  return cardNumberSpans(text).length > 0;
}

/** `text` with each card number, separators inside it included, replaced by `replacement`. */
export function replaceCardNumbers(text: string, replacement: string): string {
  let result = '';
  let from = 0;
  for (const { start, end } of cardNumberSpans(text)) {
    result += text.slice(from, start) + replacement;
    from = end;
  }
  return from === 0 ? text : result + text.slice(from);
}
