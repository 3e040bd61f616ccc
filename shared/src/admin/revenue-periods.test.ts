import { describe, expect, it } from 'vitest';
import { ZERO_FIGURES } from './revenue.js';
import { addFigures, periodStart } from './revenue-periods.js';

describe('revenue periods', () => {
  it('puts a day in its own day, its ISO week (from Monday) and its month', () => {
    // 2026-11-29 is a Sunday: its week began on Monday 23rd.
    expect(periodStart('2026-11-29', 'day')).toBe('2026-11-29');
    expect(periodStart('2026-11-29', 'week')).toBe('2026-11-23');
    expect(periodStart('2026-11-23', 'week')).toBe('2026-11-23');
    expect(periodStart('2026-11-29', 'month')).toBe('2026-11-01');
  });

  it('starts a week in the previous month or year when its Monday is there', () => {
    expect(periodStart('2027-01-01', 'week')).toBe('2026-12-28');
  });

  it('adds figures field by field, leaving the others', () => {
    const sum = addFigures(addFigures(ZERO_FIGURES, { bookings: 1, grossSales: 12_300 }), { grossSales: -2_000 });
    expect(sum).toEqual({ ...ZERO_FIGURES, bookings: 1, grossSales: 10_300 });
  });
});
