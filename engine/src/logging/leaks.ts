import { cardNumberSpans } from './card-numbers.js';
import { EMAIL_IN_TEXT } from './scrub.js';

/**
 * What must never be in a log: card numbers, however written (card-numbers.ts), and email
 * addresses. Whatever the scrubber replaced reads `[Redacted]` and is not found here.
 */
export function findLeaks(text: string): string[] {
  const cards = cardNumberSpans(text).map(({ start, end }) => text.slice(start, end));
  const emails = [...text.matchAll(EMAIL_IN_TEXT)].map(([email]) => email);
  return [...cards, ...emails];
}
