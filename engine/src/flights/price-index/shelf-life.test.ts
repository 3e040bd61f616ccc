import { describe, expect, it } from 'vitest';
import { priceShelfLifeMs } from './shelf-life.js';

const HOUR = 3_600_000;
const now = new Date('2026-11-29T00:00:00Z');

describe('how long an indexed price is shown', () => {
  it.each([
    ['2026-11-30', 4],
    ['2026-12-05', 4],
    ['2026-12-06', 24],
    ['2027-01-27', 24],
    ['2027-01-28', 36],
    ['2027-09-01', 36],
  ])('departing %s: %i hours', (departureDate, hours) => {
    expect(priceShelfLifeMs(departureDate, now)).toBe(hours * HOUR);
  });
});
