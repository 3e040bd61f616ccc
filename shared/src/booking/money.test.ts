import { describe, expect, it } from 'vitest';
import { currencyDecimals, fromMinorUnits, toMinorUnits } from './money.js';

describe('minor units', () => {
  it('knows the decimals of a currency', () => {
    expect([currencyDecimals('usd'), currencyDecimals('JPY'), currencyDecimals('KWD')]).toEqual([2, 0, 3]);
  });

  it('converts decimal amounts without float drift', () => {
    expect(toMinorUnits(553.5, 'USD')).toBe(55_350);
    expect(toMinorUnits('45.00', 'GBP')).toBe(4_500);
    expect(toMinorUnits(0.1 + 0.2, 'EUR')).toBe(30);
    expect(toMinorUnits(1.005, 'USD')).toBe(101);
    expect(toMinorUnits(12_345, 'JPY')).toBe(12_345);
    expect(toMinorUnits(12_345.6, 'JPY')).toBe(12_346);
    expect(toMinorUnits('1.2345', 'KWD')).toBe(1_235);
    expect(toMinorUnits(-2.5, 'USD')).toBe(-250);
  });

  it('answers NaN for what is not an amount', () => {
    expect(toMinorUnits('', 'USD')).toBeNaN();
    expect(toMinorUnits('abc', 'USD')).toBeNaN();
    expect(toMinorUnits(Number.POSITIVE_INFINITY, 'USD')).toBeNaN();
  });

  it('converts back', () => {
    expect(fromMinorUnits(55_350, 'USD')).toBe(553.5);
    expect(fromMinorUnits(500, 'JPY')).toBe(500);
  });
});
