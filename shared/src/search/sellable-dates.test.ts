import { describe, expect, it } from 'vitest';
import { lastSellableDate, SELLABLE_DAYS_AHEAD, sellableDateProblem } from './sellable-dates.js';

describe('sellable dates', () => {
  it('sells about 330 days ahead, across a leap day and a year end', () => {
    expect(SELLABLE_DAYS_AHEAD).toBe(330);
    expect(lastSellableDate('2026-11-29')).toBe('2027-10-25');
    expect(lastSellableDate('2027-06-01')).toBe('2028-04-26');
  });

  it('says when a date is past the last day on sale, in traveller words', () => {
    expect(sellableDateProblem('Departure date', '2027-10-25', '2026-11-29')).toBeNull();
    expect(sellableDateProblem('Departure date', '2027-10-26', '2026-11-29')).toBe(
      'Departure date is too far ahead: flights are sold up to 330 days in advance, until October 25th, 2027.',
    );
    expect(sellableDateProblem('Return date', '2029-01-01', '2026-11-29')).toMatch(/^Return date is too far ahead/);
  });
});
