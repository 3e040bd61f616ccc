import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { describe, expect, it } from 'vitest';
import { formatDatePattern } from './date-pattern.js';

const PATTERNS = ['yyyy-MM-dd', 'MMM dd, yyyy', 'MMM d', 'HH:mm', 'EEE, MMM d', 'MM/dd/yyyy', 'MMMM do, y'];

describe('formatDatePattern', () => {
  it('writes every pattern the first pages use exactly as date-fns does, over two years of days and hours', () => {
    const start = new Date(2026, 0, 1, 0, 7);
    for (let day = 0; day < 731; day += 1) {
      const date = addDays(start, day);
      date.setHours(day % 24, (day * 7) % 60);
      for (const pattern of PATTERNS) expect(formatDatePattern(date, pattern), pattern).toBe(format(date, pattern));
    }
  });

  it('writes the ordinals of 11th to 13th and of 21st to 23rd', () => {
    expect(
      [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map((day) => formatDatePattern(new Date(2026, 0, day), 'do')),
    ).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '31st']);
  });

  it('refuses a pattern letter it does not know rather than show it wrong', () => {
    expect(() => formatDatePattern(new Date(2026, 0, 1), 'EEEE')).toThrow(/EEEE|E/);
    expect(() => formatDatePattern(new Date(2026, 0, 1), 'h:mm a')).toThrow(/"h"/);
  });
});
