import { describe, expect, it } from 'vitest';
import { calendarDays, monthDays } from './calendar-days.js';

const asked = {
  origin: 'SEA',
  destination: 'SFO',
  departureDate: '2026-12-10',
  cabinClass: 'economy' as const,
  adultsCount: 1,
  childrenCount: 0,
  infantsCount: 0,
};

describe('the days of a calendar', () => {
  it('one way: the seven departures around the asked day, in order, each its own search', () => {
    const days = calendarDays(asked, '2026-11-29');
    expect(days.map((day) => day.departureDate)).toEqual([
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
      '2026-12-12',
      '2026-12-13',
    ]);
    expect(days.map((day) => day.distance)).toEqual([3, 2, 1, 0, 1, 2, 3]);
    expect(days[0]!.search).toEqual({ ...asked, departureDate: '2026-12-07' });
    expect(days.every((day) => day.returnDate === null)).toBe(true);
  });

  it('round trip: a 7×7 grid of departures by returns, row by row', () => {
    const days = calendarDays({ ...asked, returnDate: '2026-12-17' }, '2026-11-29');
    expect(days).toHaveLength(49);
    expect(days[0]).toMatchObject({ departureDate: '2026-12-07', returnDate: '2026-12-14', distance: 6 });
    expect(days[24]).toMatchObject({ departureDate: '2026-12-10', returnDate: '2026-12-17', distance: 0 });
    expect(days[24]!.search).toEqual({ ...asked, returnDate: '2026-12-17' });
    expect(days[48]).toMatchObject({ departureDate: '2026-12-13', returnDate: '2026-12-20', distance: 6 });
  });

  it('past days, days beyond the sale and returns before their departure stand for no search', () => {
    const near = calendarDays({ ...asked, departureDate: '2026-11-30', returnDate: '2026-12-01' }, '2026-11-29');
    const searchable = (departureDate: string, returnDate: string) =>
      near.find((day) => day.departureDate === departureDate && day.returnDate === returnDate)!.search !== null;
    expect(searchable('2026-11-28', '2026-12-01')).toBe(false);
    expect(searchable('2026-11-29', '2026-12-01')).toBe(true);
    expect(searchable('2026-12-02', '2026-12-01')).toBe(false);
    expect(searchable('2026-12-01', '2026-12-01')).toBe(true);
    const far = calendarDays({ ...asked, departureDate: '2027-10-24' }, '2026-11-29');
    expect(far.map((day) => day.search !== null)).toEqual([true, true, true, true, true, false, false]);
  });
});

describe('the days of a month graph', () => {
  it('one way: every departure of the asked month, the nearest to the asked day first, past days unsearchable', () => {
    const days = monthDays(asked, '2026-12-05');
    expect(days).toHaveLength(31);
    expect(days[0]).toMatchObject({ departureDate: '2026-12-01', returnDate: null, search: null, distance: 9 });
    expect(days[3]!.search).toBeNull();
    expect(days[4]!.search).toEqual({ ...asked, departureDate: '2026-12-05' });
    expect(days[9]!.distance).toBe(0);
    expect(days[30]).toMatchObject({ departureDate: '2026-12-31', distance: 21 });
  });

  it('round trip: each departure keeps the trip’s length', () => {
    const days = monthDays({ ...asked, departureDate: '2027-02-10', returnDate: '2027-02-17' }, '2026-11-29');
    expect(days).toHaveLength(28);
    expect(days[0]).toMatchObject({ departureDate: '2027-02-01', returnDate: '2027-02-08' });
    expect(days[27]!.search).toMatchObject({ departureDate: '2027-02-28', returnDate: '2027-03-07' });
  });
});
