import type { CalendarCell } from '@contrail/shared/flights/calendar';
import { describe, expect, it } from 'vitest';
import { priceAge } from './cell-label';

const now = new Date('2026-11-29T12:00:00Z');
const seen = (checkedAt: string, live = false): CalendarCell => ({
  departureDate: '2026-12-10',
  returnDate: null,
  status: 'priced',
  cheapest: {
    total_amount: '100.00',
    total_currency: 'USD',
    owner: { iata_code: 'AS' },
    slices: [
      { origin: { iata_code: 'SEA', country_code: 'US' }, destination: { iata_code: 'SFO', country_code: 'US' } },
    ],
  },
  checkedAt,
  live,
});

describe('how old a calendar price is', () => {
  it.each([
    [seen('2026-11-29T11:59:00Z', true), 'Live'],
    [seen('2026-11-29T11:59:00Z'), 'Just now'],
    [seen('2026-11-29T11:48:00Z'), '12 min ago'],
    [seen('2026-11-29T09:10:00Z'), '3 h ago'],
  ])('%# says %s', (cell, said) => {
    expect(priceAge(cell, now)).toBe(said);
  });
});
