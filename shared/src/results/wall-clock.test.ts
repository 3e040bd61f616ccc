import fc from 'fast-check';
import { parseISO } from 'date-fns/parseISO';
import { describe, expect, it } from 'vitest';
import { parseWallClock } from './wall-clock.js';

const two = (max: number) => fc.integer({ min: 0, max }).map((value) => String(value).padStart(2, '0'));
/** The shapes the engine sends, with fields that may be out of range (month 13, hour 25, 2026-02-30). */
const engineTimes = fc
  .record({
    year: fc.integer({ min: 1, max: 9999 }).map((value) => String(value).padStart(4, '0')),
    month: two(14),
    day: two(32),
    time: fc.option(
      fc.tuple(two(25), two(61), fc.option(fc.tuple(two(61), fc.option(fc.stringMatching(/^\d{1,3}$/))))),
    ),
    offset: fc.constantFrom('', '', 'Z', '+01:00', '-05:30'),
  })
  .map(({ year, month, day, time, offset }) => {
    const date = `${year}-${month}-${day}`;
    if (!time) return date;
    const [hours, minutes, rest] = time;
    const seconds = rest ? `:${rest[0]}${rest[1] ? `.${rest[1]}` : ''}` : '';
    return `${date}T${hours}:${minutes}${seconds}${offset}`;
  });

describe('parseWallClock', () => {
  it('reads every time the engine sends as date-fns parseISO does, valid or not', () => {
    fc.assert(
      fc.property(engineTimes, (text) => {
        expect(parseWallClock(text).getTime(), text).toEqual(parseISO(text).getTime());
      }),
      { numRuns: 5_000 },
    );
  });

  it('takes 24:00 as the next midnight, and no later time of hour 24, as parseISO does', () => {
    for (const text of [
      '2026-12-20T24:00',
      '2026-12-20T24:00:00',
      '2026-12-20T24:00:00.000',
      '0001-01-01T24:00:00.7',
    ]) {
      expect(parseWallClock(text).getTime(), text).toEqual(parseISO(text).getTime());
    }
    expect(Number.isNaN(parseWallClock('0001-01-01T24:00:00.7').getTime())).toBe(true);
  });

  it('keeps the wall clock of an airport time whatever the viewer’s zone', () => {
    const date = parseWallClock('2026-12-20T18:05:00');
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()]).toEqual([
      2026, 11, 20, 18, 5,
    ]);
  });

  it('refuses text that is not a time', () => {
    for (const text of ['', 'soon', '2026-12-20 18:05', '20/12/2026', '2026-12-20T18:05:00+0100x']) {
      expect(Number.isNaN(parseWallClock(text).getTime()), text).toBe(true);
    }
  });
});
