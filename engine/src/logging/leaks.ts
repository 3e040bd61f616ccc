import { EMAIL_IN_TEXT } from './scrub.js';

/**
 * 13 to 19 digits written as cards are: in one run, or in fours (Amex: 4-6-5) separated by spaces
 * or dashes; not part of a longer word, number or id (a UUID's digits are not a card).
 */
const DIGIT_RUN = /(?<![\w-])(?:\d{13,19}|\d{4}(?:[ -]\d{4}){2}[ -]\d{1,7}|\d{4}[ -]\d{6}[ -]\d{5})(?![\w-])/g;
/** Epoch milliseconds (pino's "time"): 13 digits starting with 1, which no card scheme issues. */
const EPOCH_MS = /^1\d{12}$/;

export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * What must never be in a log: card-like numbers (Luhn-valid, 13 to 19 digits) and email
 * addresses. Whatever the scrubber replaced reads `[Redacted]` and is not found here.
 */
export function findLeaks(text: string): string[] {
  const cards = [...text.matchAll(DIGIT_RUN)]
    .map(([run]) => run)
    .filter((run) => {
      const digits = run.replace(/[ -]/g, '');
      return digits.length >= 13 && digits.length <= 19 && !EPOCH_MS.test(digits) && isLuhnValid(digits);
    });
  const emails = [...text.matchAll(EMAIL_IN_TEXT)].map(([email]) => email);
  return [...cards, ...emails];
}
