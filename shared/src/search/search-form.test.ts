import { describe, expect, it } from 'vitest';
import { clampPassengers, passengersSummary } from './passengers.js';
import { searchFormErrors, searchFormSchema, type SearchFormInput } from './search-form.js';
import { dealSearchUrl, homeSearchParams, homeSearchUrl } from './search-params.js';

const valid: SearchFormInput = {
  tripType: 'round-trip',
  origin: 'jfk',
  destination: 'LHR',
  departureDate: '2026-12-01',
  returnDate: '2026-12-10',
  adultsCount: 2,
  childrenCount: 1,
  infantsCount: 0,
  cabinClass: 'business',
};

describe('searchFormSchema', () => {
  it("uses the seed's messages for the required fields", () => {
    expect(searchFormErrors({ ...valid, origin: '', destination: ' ', departureDate: '' })).toEqual({
      origin: 'Origin is required',
      destination: 'Destination is required',
      departureDate: 'Departure date is required',
    });
  });

  it('applies the seed defaults: round trip, one adult, economy', () => {
    const form = searchFormSchema.parse({ origin: 'JFK', destination: 'LAX', departureDate: '2026-12-01' });
    expect(form).toMatchObject({
      tripType: 'round-trip',
      adultsCount: 1,
      childrenCount: 0,
      infantsCount: 0,
      cabinClass: 'economy',
    });
  });

  it('bounds the passenger counts and the cabin class', () => {
    expect(searchFormErrors({ ...valid, adultsCount: 0 })?.adultsCount).toBe('Adults must be between 1 and 9');
    expect(searchFormErrors({ ...valid, childrenCount: 10 })?.childrenCount).toBe('Children must be between 0 and 9');
    expect(searchFormErrors({ ...valid, infantsCount: 6 })?.infantsCount).toBe('Infants must be between 0 and 5');
    expect(searchFormSchema.safeParse({ ...valid, cabinClass: 'luxury' }).success).toBe(false);
  });

  it('refuses a return before departure and the same airport twice', () => {
    expect(searchFormErrors({ ...valid, returnDate: '2026-11-30' })?.returnDate).toBe(
      'Return date cannot be before departure date',
    );
    expect(searchFormErrors({ ...valid, returnDate: '2026-12-01' })).toBeNull();
    expect(searchFormErrors({ ...valid, destination: 'JFK' })?.destination).toBe(
      'Destination must be different from origin',
    );
  });
});

describe('clampPassengers', () => {
  it('clamps each stepper to its range', () => {
    expect(clampPassengers('adults', 0)).toBe(1);
    expect(clampPassengers('adults', 10)).toBe(9);
    expect(clampPassengers('children', -1)).toBe(0);
    expect(clampPassengers('children', 12)).toBe(9);
    expect(clampPassengers('infants', 6)).toBe(5);
    expect(clampPassengers('infants', Number.NaN)).toBe(0);
    expect(clampPassengers('children', 3)).toBe(3);
  });

  it('summarises the counts', () => {
    expect(passengersSummary({ adults: 1, children: 0, infants: 0 })).toBe('1 Adult');
    expect(passengersSummary({ adults: 2, children: 1, infants: 2 })).toBe('2 Adults, 1 Child, 2 Infants');
  });
});

describe('homeSearchParams', () => {
  it('sends exactly the seed parameters, with returnDate for a round trip', () => {
    const params = homeSearchParams(searchFormSchema.parse(valid));
    expect([...params.keys()].sort()).toEqual(
      [
        'adults',
        'cabinClass',
        'children',
        'departureDate',
        'destination',
        'infants',
        'origin',
        'returnDate',
        'tripType',
      ].sort(),
    );
    expect(Object.fromEntries(params)).toEqual({
      origin: 'JFK',
      destination: 'LHR',
      departureDate: '2026-12-01',
      returnDate: '2026-12-10',
      adults: '2',
      children: '1',
      infants: '0',
      cabinClass: 'business',
      tripType: 'round-trip',
    });
  });

  it('drops returnDate for one way', () => {
    const url = homeSearchUrl(searchFormSchema.parse({ ...valid, tripType: 'one-way' }));
    expect(url).toBe(
      '/search?origin=JFK&destination=LHR&departureDate=2026-12-01&adults=2&children=1&infants=0&cabinClass=business&tripType=one-way',
    );
  });
});

describe('dealSearchUrl', () => {
  it('uses the adultsCount style parameters and economy', () => {
    expect(dealSearchUrl({ originCode: 'JFK', destinationCode: 'LAX', departureDate: '2026-12-05' })).toBe(
      '/search?origin=JFK&destination=LAX&departureDate=2026-12-05&adultsCount=1&childrenCount=0&infantsCount=0&cabinClass=economy',
    );
  });
});
