/** Card entry rules of seed 001 §5 ("Card entry") and the Luhn checksum. Pure. */
import { z } from 'zod';

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
  expiryMonth: { title: 'Invalid Expiry Date', message: 'Expiry month must be 01 to 12' },
  expiryYear: { title: 'Invalid Expiry Date', message: 'Expiry year must be 2 or 4 digits, like 30 or 2030' },
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

/**
 * The month field once left: a month 1-9 is padded to two digits. Anything else stays as typed,
 * for the check to say what is wrong (issue 20: "13" is never silently cleared).
 */
export function formatExpiryMonthInput(value: string): string {
  const digits = digitsOf(value).slice(0, 2);
  return /^[1-9]$/.test(digits) ? `0${digits}` : digits;
}

/**
 * The month field as typed (seed 001 §5: digits 1-12): a keystroke that would make it no month
 * ("13", "00") is refused at entry, leaving what was there (issue 33).
 */
export function expiryMonthEntry(previous: string, typed: string): string {
  const digits = digitsOf(typed).slice(0, 2);
  const couldBeMonth = digits.length < 2 ? true : Number(digits) >= 1 && Number(digits) <= 12;
  return couldBeMonth ? digits : previous;
}

/** The year field: digits, two ("30") or four ("2030"). */
export function formatExpiryYearInput(value: string): string {
  return digitsOf(value).slice(0, 4);
}

/** A card past its expiry month (it is valid to the month's last day). */
export function expiredCardMessage(month: number, year: number): string {
  return `This card expired at the end of ${String(month).padStart(2, '0')}/${year}. Please use another card.`;
}

const isMonth = (text: string) => /^\d{1,2}$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 12;

/** The expiry as typed, or its problem; `today` (a Date, or "YYYY-MM-DD") also refuses a past one. */
function expiryProblem(card: CardDetails, today?: Date | string): CardProblem | null {
  const monthText = card.expiryMonth.trim();
  const yearText = card.expiryYear.trim();
  if (monthText === '' || yearText === '') return CARD_PROBLEMS.expiry;
  if (!isMonth(monthText)) return CARD_PROBLEMS.expiryMonth;
  const month = Number(monthText);
  if (!/^(\d{2}|\d{4})$/.test(yearText)) return CARD_PROBLEMS.expiryYear;
  if (today === undefined) return null;
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  const now = typeof today === 'string' ? today : today.toISOString().slice(0, 10);
  const thisMonth = Number(now.slice(0, 4)) * 12 + Number(now.slice(5, 7));
  return year * 12 + month < thisMonth
    ? { title: CARD_PROBLEMS.expiry.title, message: expiredCardMessage(month, year) }
    : null;
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

export type CardField = keyof CardDetails;

/**
 * Every problem of a card, each on its field, in the seed's order of checks: number length,
 * expiry, CVV, holder name, Luhn. The expiry must be a real month and a 2- or 4-digit year; with
 * `today`, a card past its expiry month is refused too (issue 20), before anything is paid.
 */
export function cardProblems(card: CardDetails, today?: Date | string): Array<CardProblem & { field: CardField }> {
  const digits = digitsOf(card.number);
  const problems: Array<CardProblem & { field: CardField }> = [];
  if (digits.length < CARD_NUMBER_MIN_DIGITS) problems.push({ ...CARD_PROBLEMS.number, field: 'number' });
  const expiry = expiryProblem(card, today);
  if (expiry) problems.push({ ...expiry, field: isMonth(card.expiryMonth) ? 'expiryYear' : 'expiryMonth' });
  if (digitsOf(card.cvv).length < CVV_MIN_DIGITS) problems.push({ ...CARD_PROBLEMS.cvv, field: 'cvv' });
  if (card.holderName.trim().length < HOLDER_NAME_MIN_LENGTH) {
    problems.push({ ...CARD_PROBLEMS.holderName, field: 'holderName' });
  }
  if (digits.length >= CARD_NUMBER_MIN_DIGITS && !passesLuhn(digits)) {
    problems.push({ ...CARD_PROBLEMS.luhn, field: 'number' });
  }
  return problems;
}

/** The first of `cardProblems`, as the seed's toast names it (title and message), or null. */
export function cardProblem(card: CardDetails, today?: Date | string): CardProblem | null {
  const [first] = cardProblems(card, today);
  return first ? { title: first.title, message: first.message } : null;
}

/** The payment step's card form: each problem of `cardProblems` under its field. */
export function cardFormSchema(today?: Date | string) {
  return z
    .object({
      number: z.string(),
      expiryMonth: z.string(),
      expiryYear: z.string(),
      cvv: z.string(),
      holderName: z.string(),
    })
    .superRefine((card, ctx) => {
      for (const problem of cardProblems(card, today)) {
        ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
      }
    });
}
