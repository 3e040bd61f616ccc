import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, type FilterState } from '../results/filter-state.js';
import { filterQuery } from '../results/filter-query.js';
import { searchFiltersSchema } from './search-filters.js';

const every: FilterState = {
  priceRange: { min: 120, max: 480 },
  airlines: ['AA', 'BA'],
  stops: [0, 2],
  departureTime: ['morning'],
  arrivalTime: ['evening', 'early_morning'],
  duration: 12,
  refundable: true,
  baggageIncluded: true,
  connectingAirports: ['ORD', 'DEN'],
  maxLayoverHours: 4,
  maxEmissionsKg: 350,
};

describe('the filters of a search page request', () => {
  it('reads back what the storefront writes, in a query string and in a JSON body', () => {
    const query = Object.fromEntries(new URLSearchParams(filterQuery(every)));
    expect(searchFiltersSchema.parse(query)).toEqual(every);
    expect(searchFiltersSchema.parse({ ...filterQuery(every), airlines: ['AA', 'BA'] })).toEqual(every);
  });

  it('writes nothing for filters not in use, and reads nothing as no filter', () => {
    expect(filterQuery(EMPTY_FILTERS)).toEqual({});
    expect(searchFiltersSchema.parse({ origin: 'JFK', airlines: '', maxPrice: '' })).toEqual(EMPTY_FILTERS);
  });

  it('takes one end of the price range alone as open at the other', () => {
    expect(searchFiltersSchema.parse({ maxPrice: '300' }).priceRange).toEqual({ min: 0, max: 300 });
  });

  it('refuses bad values with a message naming the filter', () => {
    const problem = (input: Record<string, unknown>) => {
      const parsed = searchFiltersSchema.safeParse(input);
      return parsed.success ? null : parsed.error.issues[0]!.message;
    };
    expect(problem({ maxPrice: 'cheap' })).toBe('Highest price must be a number');
    expect(problem({ maxLayover: '-1' })).toBe('Longest layover cannot be negative');
    expect(problem({ stops: '3' })).toBe('Stops must be 0, 1 or 2');
    expect(problem({ via: "ORD,'; drop" })).toBe('Connecting airports must be 2 or 3 letter codes');
    expect(problem({ departureTime: 'teatime' })).toBe('Departure time must be a time of day');
    expect(problem({ refundable: 'maybe' })).not.toBeNull();
    expect(problem({ airlines: Array.from({ length: 31 }, () => 'AA').join(',') })).toBe(
      'Airlines lists at most 30 choices',
    );
  });
});
