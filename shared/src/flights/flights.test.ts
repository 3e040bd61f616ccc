import { isBasicFare } from './fare.js';
import { describe, expect, it } from 'vitest';
import { flightSearchParamsSchema, hasRequiredSearchParams } from './search-params.js';
import { minutesRemaining } from './verify-offer.js';

describe('flightSearchParamsSchema', () => {
  it('applies the seed defaults and reads query-string numbers', () => {
    const parsed = flightSearchParamsSchema.parse({
      origin: 'jfk',
      destination: 'LHR',
      departureDate: '2026-12-20',
      returnDate: '',
      adultsCount: '2',
      page: '2',
      limit: '100',
    });
    expect(parsed).toEqual({
      origin: 'JFK',
      destination: 'LHR',
      departureDate: '2026-12-20',
      returnDate: undefined,
      cabinClass: 'economy',
      adultsCount: 2,
      childrenCount: 0,
      infantsCount: 0,
      page: 2,
      limit: 100,
      sort: 'price-asc',
    });
  });

  it('takes the sort every page follows, and refuses an unknown one', () => {
    const base = { origin: 'JFK', destination: 'LHR', departureDate: '2026-12-20' };
    expect(flightSearchParamsSchema.parse({ ...base, sort: 'duration-asc' }).sort).toBe('duration-asc');
    expect(flightSearchParamsSchema.parse({ ...base, sort: '' }).sort).toBe('price-asc');
    expect(flightSearchParamsSchema.safeParse({ ...base, sort: 'fastest' }).error?.issues[0]?.path).toEqual(['sort']);
  });

  it('reads "include nearby airports" from a body or a query string, and refuses anything else', () => {
    const base = { origin: 'JFK', destination: 'LHR', departureDate: '2026-12-20' };
    const nearby = (value: unknown) =>
      flightSearchParamsSchema.parse({ ...base, nearbyAirports: value }).nearbyAirports;
    expect([true, '1', 'true'].map(nearby)).toEqual([true, true, true]);
    expect([false, '0', 'false'].map(nearby)).toEqual([false, false, false]);
    expect(nearby('')).toBeUndefined();
    expect(flightSearchParamsSchema.parse(base).nearbyAirports).toBeUndefined();
    const wrong = flightSearchParamsSchema.safeParse({ ...base, nearbyAirports: 'yes' }).error?.issues[0];
    expect(wrong).toMatchObject({ path: ['nearbyAirports'], message: 'Include nearby airports must be true or false' });
  });

  it('refuses more than 9 passengers, as the provider would', () => {
    const base = { origin: 'JFK', destination: 'LHR', departureDate: '2026-12-20' };
    const result = flightSearchParamsSchema.safeParse({ ...base, adultsCount: 5, childrenCount: 5 });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['adultsCount'],
        message: 'You can book up to 9 passengers at a time.',
      }),
    ]);
    expect(flightSearchParamsSchema.safeParse({ ...base, adultsCount: 5, childrenCount: 4 }).success).toBe(true);
  });

  it.each([
    [{ origin: 'JFKX' }, 'origin', 'Origin must be a 3-letter airport code'],
    [{ departureDate: '2026-02-30' }, 'departureDate', 'Departure date must be a real calendar date'],
    [{ returnDate: '2026-12-01' }, 'returnDate', 'Return date cannot be before departure date'],
    [
      { cabinClass: 'luxury' },
      'cabinClass',
      'Cabin class must be Economy, Premium Economy, Business Class or First Class',
    ],
    [{ adultsCount: 0 }, 'adultsCount', 'Adults must be a whole number between 1 and 9'],
    [{ adultsCount: 10 }, 'adultsCount', 'Adults must be a whole number between 1 and 9'],
    [{ childrenCount: 10 }, 'childrenCount', 'Children must be a whole number between 0 and 9'],
    [
      { infantsCount: 2 },
      'infantsCount',
      "Each infant travels on an adult's lap, so there can be no more infants than adults.",
    ],
    [{ limit: 101 }, 'limit', 'Results per page must be a whole number between 1 and 100'],
    [{ page: 0 }, 'page', 'Page must be a whole number of 1 or more'],
    [{ destination: 'JFK' }, 'destination', 'Destination must be different from origin'],
  ])('names the field of a bad value %o by its path, in traveller words', (change, field, message) => {
    const result = flightSearchParamsSchema.safeParse({
      origin: 'JFK',
      destination: 'LHR',
      departureDate: '2026-12-20',
      ...change,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('tells when a required parameter is missing', () => {
    expect(hasRequiredSearchParams({ origin: 'JFK', destination: 'LHR', departureDate: '2026-12-20' })).toBe(true);
    expect(hasRequiredSearchParams({ origin: 'JFK', destination: ' ', departureDate: '2026-12-20' })).toBe(false);
    expect(hasRequiredSearchParams(null)).toBe(false);
  });
});

describe('minutesRemaining', () => {
  it('counts whole minutes and never goes below zero', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(minutesRemaining('2026-11-22T12:29:59Z', now)).toBe(29);
    expect(minutesRemaining('2026-11-22T11:00:00Z', now)).toBe(0);
  });
});

describe('isBasicFare', () => {
  const slice = (fare_brand_name: string | null, cabin_class = 'economy') => ({
    fare_brand_name,
    segments: [{ passengers: [{ cabin_class }] }],
  });

  it('is true for basic economy fare brands only', () => {
    expect(isBasicFare({ slices: [slice('Basic')] })).toBe(true);
    expect(isBasicFare({ slices: [slice('Standard'), slice('Economy Light')] })).toBe(true);
    expect(isBasicFare({ slices: [slice('Standard')] })).toBe(false);
    expect(isBasicFare({ slices: [slice('Business', 'business')] })).toBe(false);
    expect(isBasicFare({ slices: [slice('Basic', 'business')] })).toBe(false);
    expect(isBasicFare({ slices: [slice(null)] })).toBe(false);
  });
});
