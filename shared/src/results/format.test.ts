import { describe, expect, it } from 'vitest';
import {
  durationMinutes,
  formatDate,
  formatDisplayPrice,
  formatDuration,
  formatLongDate,
  formatPrice,
  formatShortDate,
  formatTime,
} from './format.js';
import { pricingOfMarkup } from '../pricing/pricing.js';
import { offer } from './test-support/offer-fixture.js';

describe('formatDuration', () => {
  it('shows hours and minutes, minutes omitted when 0', () => {
    expect(formatDuration('PT7H5M')).toBe('7h 5m');
    expect(formatDuration('PT12H')).toBe('12h');
    expect(formatDuration('PT45M')).toBe('0h 45m');
    expect(formatDuration('P1DT2H30M')).toBe('26h 30m');
  });

  it('shows N/A when missing or unparseable', () => {
    expect(formatDuration(null)).toBe('N/A');
    expect(formatDuration(undefined)).toBe('N/A');
    expect(formatDuration('')).toBe('N/A');
    expect(formatDuration('7 hours')).toBe('N/A');
    expect(formatDuration('PT')).toBe('N/A');
    expect(durationMinutes('P')).toBeNull();
  });
});

describe('dates and times', () => {
  const departing = '2026-12-20T18:05:00';

  it('formats the local airport time as 24-hour HH:mm', () => {
    expect(formatTime(departing)).toBe('18:05');
    expect(formatTime('2026-12-20T00:40:00')).toBe('00:40');
  });

  it('formats dates as EEE, MMM d, MM/dd/yyyy and MMMM do, y', () => {
    expect(formatDate(departing)).toBe('Sun, Dec 20');
    expect(formatShortDate(departing)).toBe('12/20/2026');
    expect(formatLongDate(departing)).toBe('December 20th, 2026');
    expect(formatDate('2026-12-20')).toBe('Sun, Dec 20');
  });

  it('gives N/A for an invalid date, time and full date', () => {
    for (const bad of ['not a date', '', null, undefined, '2026-13-45T99:00:00']) {
      expect(formatTime(bad)).toBe('N/A');
      expect(formatDate(bad)).toBe('N/A');
      expect(formatLongDate(bad)).toBe('N/A');
    }
  });
});

describe('formatPrice', () => {
  it('is en-US currency in whole units (seed 000 §9); an amount that is not whole in the currency own decimals (KWD 3, others 2)', () => {
    expect(formatPrice(1234.56, 'USD')).toBe('$1,234.56');
    expect(formatPrice(2181.52, 'USD')).toBe('$2,181.52');
    expect(formatPrice('99.4', 'USD')).toBe('$99.40');
    expect(formatPrice(1000, 'EUR')).toBe('€1,000');
    expect(formatPrice(2182, 'USD')).toBe('$2,182');
    expect(formatPrice('12.3456', 'KWD')).toBe('KWD\u00a012.346');
    expect(formatPrice(1000, 'JPY')).toBe('¥1,000');
  });

  it('writes whole amounts exactly as Intl.NumberFormat does in en-US, in every currency', () => {
    const currencies = [
      'USD',
      'EUR',
      'GBP',
      'JPY',
      'CAD',
      'AUD',
      'NZD',
      'INR',
      'MXN',
      'BRL',
      'CHF',
      'KWD',
      'SEK',
      'usd',
    ];
    const amounts = [0, -0, 1, 12, 999, 1000, 12_345, 999_999, 1_234_567, -5, -1234, Number.MAX_SAFE_INTEGER, 2 ** 60];
    for (const currency of currencies) {
      const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 });
      for (const amount of amounts)
        expect(formatPrice(amount, currency), `${amount} ${currency}`).toBe(intl.format(amount));
    }
    expect(formatPrice('2182', 'USD')).toBe('$2,182');
    expect(formatPrice(-40, 'EUR')).toBe('-€40');
  });

  it('shows "{currency} N/A" for a price that is not a number and "N/A" when price or currency is missing', () => {
    expect(formatPrice('abc', 'USD')).toBe('USD N/A');
    expect(formatPrice(Number.NaN, 'GBP')).toBe('GBP N/A');
    expect(formatPrice(null, 'USD')).toBe('N/A');
    expect(formatPrice(undefined, 'USD')).toBe('N/A');
    expect(formatPrice(100, '')).toBe('N/A');
    expect(formatPrice(100, null)).toBe('N/A');
  });

  it("shows the traveller's price through priceOffer, in whole dollars", () => {
    const priced = (total_amount: string, total_currency = 'USD') => offer('o', { total_amount, total_currency });
    expect(formatDisplayPrice(priced('100.00'))).toBe('$123');
    expect(formatDisplayPrice(priced('1000.00'))).toBe('$1,230');
    expect(formatDisplayPrice(priced('412.37'))).toBe('$508');
    expect(formatDisplayPrice(priced('100.00'), { pricing: pricingOfMarkup(1.5), travellers: 1 })).toBe('$150');
    expect(formatDisplayPrice(priced('oops'))).toBe('USD N/A');
    expect(formatDisplayPrice({ ...priced('100.00'), total_amount: '' })).toBe('N/A');
    expect(formatDisplayPrice(priced('100.00', ''))).toBe('N/A');
  });
});
