import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardNumberSpans, isLuhnValid, replaceCardNumbers } from './card-numbers.js';

const REDACTED = '[Redacted]';

/** The Luhn check digit of `body`, computed apart from the code under test. */
function checkDigit(body: string): number {
  const sum = [...body].reverse().reduce((total, character, index) => {
    const digit = Number(character);
    const weighed = index % 2 === 0 ? digit * 2 : digit;
    return total + (weighed > 9 ? weighed - 9 : weighed);
  }, 0);
  return (10 - (sum % 10)) % 10;
}

/**
 * A card number of 13 to 19 digits. It starts with 2 to 9, as every scheme's numbers but UATP's
 * do, and with 4 to 9 when it has 13 digits (no scheme's start lower: those are timestamps).
 */
const cardNumber = fc
  .tuple(fc.integer({ min: 2, max: 9 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 11, maxLength: 17 }))
  .map(([first, rest]) => {
    const body = [rest.length === 11 ? Math.max(first, 4) : first, ...rest].join('');
    return `${body}${checkDigit(body)}`;
  });

const SEPARATORS = [' ', '.', '_', '/', '\\', '-', '\t', '\n', '\u00a0', '\u00ad', '\u200b', '\u200c', '\u200d'];
const INVISIBLE_AND_WIDE = ['\u2060', '\ufeff', '\u3000', '\u2009', '\u2013', '\u2014'];
const separator = fc
  .array(fc.constantFrom(...SEPARATORS, ...INVISIBLE_AND_WIDE), { maxLength: 3 })
  .map((characters) => characters.join(''));

/** The card written with any separators between any of its digits. */
const writtenCard = cardNumber.chain((card) =>
  fc
    .array(separator, { minLength: card.length - 1, maxLength: card.length - 1 })
    .map((gaps) => ({ card, text: [...card].map((digit, index) => digit + (gaps[index] ?? '')).join('') })),
);

const noDigits = fc
  .oneof(fc.string({ maxLength: 12 }), fc.string({ unit: 'grapheme', maxLength: 12 }))
  .map((text) => text.replace(/\d/g, ''));
/** Other digits may stand next to the card, joined to it by separators. */
const digitsAndSeparators = fc.string({ unit: fc.constantFrom('0', '1', '7', '9', ' ', '-', '.', '/'), maxLength: 8 });
const surrounding = fc.oneof(noDigits, digitsAndSeparators);

const UUID_SHAPE = /[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}/i;
const onlyDigits = (text: string) => text.replace(/\D/g, '');

describe('card numbers in text', () => {
  it('are found in the shapes that reached the logs (issue 39)', () => {
    const shapes = [
      '/api/flights/offer/4242424242424242a',
      '/api/x/card4000056655665556',
      '4242.4242.4242.4242',
      '4242_4242_4242_4242',
      '/4242/4242/4242/4242/',
      '4242  4242  4242  4242',
      '4242\u200b4242\u200b4242\u200b4242',
      'req-4000056655665556-x',
      'order 12 4242 4242 4242 4242',
      '3782 822463 10005',
    ];
    for (const shape of shapes) {
      const scrubbed = replaceCardNumbers(shape, REDACTED);
      expect(scrubbed, shape).toContain(REDACTED);
      expect(onlyDigits(scrubbed), shape).not.toMatch(/4242424242424242|4000056655665556|378282246310005/);
    }
  });

  it('never survive, however they are separated or surrounded', () => {
    fc.assert(
      fc.property(surrounding, writtenCard, surrounding, (before, { card, text }, after) => {
        const line = `${before}${text}${after}`;
        // A UUID's groups are never joined (card-numbers.ts): a card written 8-4-4-4-12 is not one.
        fc.pre(!UUID_SHAPE.test(line));
        const scrubbed = replaceCardNumbers(line, REDACTED);
        expect(scrubbed).toContain(REDACTED);
        expect(onlyDigits(scrubbed)).not.toContain(card);
      }),
      { numRuns: 500 },
    );
  });

  it('leave ordinary ids, dates, times, amounts and UUIDs alone', () => {
    const date = fc.date({ min: new Date('1970-01-01'), max: new Date('2095-12-31'), noInvalidDate: true });
    const ordinary = fc.oneof(
      fc.uuid(),
      date.map((at) => at.toISOString()),
      date.map((at) => at.toISOString().slice(0, 19).replace('T', ' ')),
      date.map((at) => at.toISOString().slice(0, 10).split('-').reverse().join('/')),
      date.map((at) => String(at.getTime())),
      fc.integer({ min: 0, max: 100_000_000 }).map((cents) => `USD ${(cents / 100).toFixed(2)}`),
      fc
        .tuple(fc.constantFrom('off_', 'ord_', 'pi_', 'bk_', 'create-order-', 'reconcile-'), fc.nat())
        .map(([prefix, number]) => `${prefix}${String(number).padStart(7, '0')}`),
      fc.constantFrom('+1 800 555 0199', '+47 800 55 019', 'AA100', 'ORD_9HF2'),
    );
    fc.assert(
      fc.property(fc.array(ordinary, { minLength: 1, maxLength: 4 }), (values) => {
        const line = values.map((value, index) => `field${index}=${value}`).join(' ');
        expect(cardNumberSpans(line)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('check the Luhn sum, and take no 13-digit epoch milliseconds for a card', () => {
    expect(isLuhnValid('4242424242424242')).toBe(true);
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(cardNumberSpans('ref 4242424242424 is not a card')).toEqual([]);
    // Luhn-valid, as one in ten timestamps is.
    expect(cardNumberSpans('"time":1795424092140')).toEqual([]);
  });
});
