import { describe, expect, it } from 'vitest';
import {
  CARD_PROBLEMS,
  cardLastFour,
  cardProblem,
  cardProblems,
  formatCardNumberInput,
  formatCvvInput,
  expiryMonthEntry,
  formatExpiryMonthInput,
  formatExpiryYearInput,
  passesLuhn,
  type CardDetails,
} from './card.js';

const good: CardDetails = {
  number: '4242 4242 4242 4242',
  expiryMonth: '12',
  expiryYear: '30',
  cvv: '123',
  holderName: 'Ada Lovelace',
};

describe('card entry', () => {
  it('keeps digits only, at most 16, grouped in fours', () => {
    expect(formatCardNumberInput('4242-4242 4242abc42424')).toBe('4242 4242 4242 4242');
    expect(formatCardNumberInput('424242')).toBe('4242 42');
    expect(formatCardNumberInput('4242')).toBe('4242');
    expect(formatCardNumberInput('')).toBe('');
  });

  it('pads a month of 1-12 to two digits and drops others', () => {
    expect(formatExpiryMonthInput('1')).toBe('01');
    expect(formatExpiryMonthInput('12')).toBe('12');
    // Issue 20: an impossible month stays, for the check to say what is wrong.
    expect(formatExpiryMonthInput('13')).toBe('13');
    expect(formatExpiryMonthInput('0')).toBe('0');
    expect(formatExpiryMonthInput('a5')).toBe('05');
  });

  it('refuses a month keystroke that makes no month, keeping what was typed (issue 33)', () => {
    expect(expiryMonthEntry('', '1')).toBe('1');
    expect(expiryMonthEntry('1', '12')).toBe('12');
    expect(expiryMonthEntry('1', '13')).toBe('1');
    expect(expiryMonthEntry('0', '00')).toBe('0');
    expect(expiryMonthEntry('0', '09')).toBe('09');
    expect(expiryMonthEntry('', '13')).toBe('');
    expect(expiryMonthEntry('1', '1a')).toBe('1');
    expect(expiryMonthEntry('12', '')).toBe('');
  });

  it('keeps two year digits and up to four CVV digits', () => {
    expect(formatExpiryYearInput('2030')).toBe('2030');
    expect(formatExpiryYearInput('203012')).toBe('2030');
    expect(formatExpiryYearInput('3x0')).toBe('30');
    expect(formatCvvInput('12a345')).toBe('1234');
  });

  it('computes the Luhn checksum', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('5555 5555 5555 4444')).toBe(true);
    expect(passesLuhn('378282246310005')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });

  it('keeps only the last four digits', () => {
    expect(cardLastFour('4242 4242 4242 4242')).toBe('4242');
  });
});

describe('card checks on pay', () => {
  it('passes a good card', () => {
    expect(cardProblem(good)).toBeNull();
    expect(cardProblem({ ...good, number: '378282246310005', cvv: '1234' })).toBeNull();
  });

  it('runs the five checks in the seed order', () => {
    const allBad: CardDetails = { number: '4242', expiryMonth: '', expiryYear: '', cvv: '1', holderName: ' a ' };
    expect(cardProblem(allBad)).toEqual({ title: 'Invalid Card Number', message: 'Please enter a valid card number' });
    expect(cardProblem({ ...allBad, number: good.number })).toEqual({
      title: 'Invalid Expiry Date',
      message: 'Please enter a valid expiration date',
    });
    expect(cardProblem({ ...allBad, number: good.number, expiryMonth: '12' })).toEqual(CARD_PROBLEMS.expiry);
    expect(cardProblem({ ...allBad, number: good.number, expiryMonth: '12', expiryYear: '30' })).toEqual({
      title: 'Invalid CVV',
      message: 'Please enter a valid security code (CVV)',
    });
    expect(cardProblem({ ...good, holderName: '  ab  ' })).toEqual({
      title: 'Invalid Card Holder Name',
      message: 'Please enter the name as it appears on your card',
    });
    expect(cardProblem({ ...good, number: '4242 4242 4242 4241' })).toEqual({
      title: 'Invalid Card Number',
      message: 'The card number you entered is not valid',
    });
  });

  it('does not check an expiry in the past without a date to check it against', () => {
    expect(cardProblem({ ...good, expiryMonth: '01', expiryYear: '20' })).toBeNull();
  });

  it('says what is wrong with an expiry before paying (issue 20)', () => {
    const today = '2026-11-22';
    expect(cardProblem({ ...good, expiryMonth: '11', expiryYear: '2026' }, today)).toBeNull();
    expect(cardProblem({ ...good, expiryMonth: '01', expiryYear: '2030' }, today)).toBeNull();
    expect(cardProblem({ ...good, expiryMonth: '10', expiryYear: '26' }, today)).toEqual({
      title: 'Invalid Expiry Date',
      message: 'This card expired at the end of 10/2026. Please use another card.',
    });
    expect(cardProblems({ ...good, expiryMonth: '13', expiryYear: '30' }, today)).toEqual([
      { ...CARD_PROBLEMS.expiryMonth, field: 'expiryMonth' },
    ]);
    expect(cardProblems({ ...good, expiryMonth: '12', expiryYear: '203' }, today)).toEqual([
      { ...CARD_PROBLEMS.expiryYear, field: 'expiryYear' },
    ]);
    expect(cardProblems({ ...good, expiryMonth: '', expiryYear: '30' }, today)[0]?.field).toBe('expiryMonth');
    expect(cardProblems({ ...good, expiryMonth: '12', expiryYear: '' }, today)[0]?.field).toBe('expiryYear');
  });
});
