import { describe, expect, it } from 'vitest';
import { SEARCH_SLICE_MESSAGES } from '../flights/search-slices.js';
import {
  hasRowProblems,
  multiCityRowProblems,
  startingRows,
  withRowAdded,
  withRowChanged,
  withRowRemoved,
  type MultiCityRow,
} from './multi-city-rows.js';

const row = (origin: string, destination: string, departureDate: string): MultiCityRow => ({
  origin,
  destination,
  departureDate,
});

describe('the Multi-city tab’s rows', () => {
  it('open with two flights, the second leaving from where the first lands', () => {
    expect(startingRows({ origin: 'JFK', destination: 'LHR', departureDate: '2026-12-20' })).toEqual([
      row('JFK', 'LHR', '2026-12-20'),
      row('LHR', '', ''),
    ]);
  });

  it('add up to four flights and remove down to two', () => {
    let rows = withRowAdded([row('JFK', 'LHR', '2026-12-20'), row('LHR', 'CDG', '2026-12-22')]);
    expect(rows[2]).toEqual(row('CDG', '', ''));
    rows = withRowAdded(rows);
    expect(withRowAdded(rows)).toHaveLength(4);
    expect(withRowRemoved(rows, 1).map((each) => each.origin)).toEqual(['JFK', 'CDG', '']);
    expect(withRowRemoved(rows.slice(0, 2), 0)).toHaveLength(2);
  });

  it('carry a new destination on as the next flight’s origin, unless another was chosen', () => {
    const rows = [row('JFK', '', '2026-12-20'), row('', '', ''), row('', '', '')];
    const chosen = withRowChanged(rows, 0, 'destination', 'LHR');
    expect(chosen.map((each) => each.origin)).toEqual(['JFK', 'LHR', '']);
    expect(withRowChanged(chosen, 0, 'destination', 'LGW')[1]!.origin).toBe('LGW');
    const openJaw = withRowChanged(chosen, 1, 'origin', 'CDG');
    expect(withRowChanged(openJaw, 0, 'destination', 'LGW')[1]!.origin).toBe('CDG');
  });

  it('say what each row lacks, in the home form’s words', () => {
    const problems = multiCityRowProblems([row('', '', ''), row('LHR', 'LHR', '2026-12-22')]);
    expect(problems).toEqual([
      {
        origin: 'Origin is required',
        destination: 'Destination is required',
        departureDate: 'Departure date is required',
      },
      { destination: 'Destination must be different from origin' },
    ]);
    expect(hasRowProblems(problems)).toBe(true);
  });

  it('need each date on or after the one before', () => {
    const problems = multiCityRowProblems([
      row('JFK', 'LHR', '2026-12-20'),
      row('LHR', 'CDG', '2026-12-19'),
      row('CDG', 'JFK', '2026-12-28'),
    ]);
    expect(problems[1]).toEqual({ departureDate: SEARCH_SLICE_MESSAGES.datesInOrder });
    const fine = multiCityRowProblems([row('JFK', 'LHR', '2026-12-20'), row('LHR', 'CDG', '2026-12-20')]);
    expect(hasRowProblems(fine)).toBe(false);
  });
});
