/** Card entry rules of seed 001 §5 ("Card entry") and the Luhn checksum. Pure. */

export const CARD_NUMBER_MAX_DIGITS = 16;
export const CARD_NUMBER_MIN_DIGITS = 15;
export const CVV_MIN_DIGITS = 3;
export const CVV_MAX_DIGITS = 4;
export const HOLDER_NAME_MIN_LENGTH = 3;

export interface CardDetails {
  number: string;
  expiryMonth: string;
  expiryYear: string;
  cvv: string;
  holderName: string;
}

export interface CardProblem {
  title: string;
  message: string;
}

export const CARD_PROBLEMS = {
  number: { title: 'Invalid Card Number', message: 'Please enter a valid card number' },
  expiry: { title: 'Invalid Expiry Date', message: 'Please enter a valid expiration date' },
  cvv: { title: 'Invalid CVV', message: 'Please enter a valid security code (CVV)' },
  holderName: { title: 'Invalid Card Holder Name', message: 'Please enter the name as it appears on your card' },
  luhn: { title: 'Invalid Card Number', message: 'The card number you entered is not valid' },
} as const satisfies Record<string, CardProblem>;

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** The number field as typed: digits only, at most 16, grouped in fours ("4242 4242 4242 4242"). */
export function formatCardNumberInput(value: string): string {
  const digits = digitsOf(value).slice(0, CARD_NUMBER_MAX_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The month field: digits only; a month 1-12 is padded to two digits, anything else is dropped. */
export function formatExpiryMonthInput(value: string): string {
  const digits = digitsOf(value).slice(0, 2);
  if (digits === '') return '';
  const month = Number(digits);
  if (month < 1 || month > 12) return '';
  return String(month).padStart(2, '0');
}

/** The year field: two digits. */
export function formatExpiryYearInput(value: string): string {
  return digitsOf(value).slice(0, 2);
}

/** The CVV field: digits, up to four. */
export function formatCvvInput(value: string): string {
  return digitsOf(value).slice(0, CVV_MAX_DIGITS);
}

/** The digits of a card number, without grouping spaces. */
export function cardDigits(number: string): string {
  return digitsOf(number);
}

export function passesLuhn(number: string): boolean {
  const digits = digitsOf(number);
  if (digits.length === 0) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The only part of a card number that may ever be kept. */
export function cardLastFour(number: string): string {
  return digitsOf(number).slice(-4);
}

/**
 * The five checks run on pay, in the seed's order; the first failure is answered. An expiry in
 * the past is deliberately not checked here (the card processor refuses it).
 */
export function cardProblem(card: CardDetails): CardProblem | null {
  const digits = digitsOf(card.number);
  if (digits.length < CARD_NUMBER_MIN_DIGITS) return CARD_PROBLEMS.number;
  if (card.expiryMonth.trim() === '' || card.expiryYear.trim() === '') return CARD_PROBLEMS.expiry;
  if (digitsOf(card.cvv).length < CVV_MIN_DIGITS) return CARD_PROBLEMS.cvv;
  if (card.holderName.trim().length < HOLDER_NAME_MIN_LENGTH) return CARD_PROBLEMS.holderName;
  if (!passesLuhn(digits)) return CARD_PROBLEMS.luhn;
  return null;
}
