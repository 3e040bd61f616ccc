import { describe, expect, it } from 'vitest';
import {
  clampPassengers,
  PASSENGER_RULES,
  passengerCountProblems,
  passengersSummary,
  stepPassengers,
  stepperLimit,
} from './passengers.js';
import { searchFormSchema, type SearchForm, type SearchFormInput } from './search-form.js';

/** The first message per field, as the form shows them; null when the form is valid. */
function searchFormErrors(input: SearchFormInput): Partial<Record<keyof SearchForm, string>> | null {
  const parsed = searchFormSchema.safeParse(input);
  if (parsed.success) return null;
  const errors: Partial<Record<keyof SearchForm, string>> = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as keyof SearchForm] ??= issue.message;
  return errors;
}
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
    const form = searchFormSchema.parse({
      origin: 'JFK',
      destination: 'LAX',
      departureDate: '2026-12-01',
      returnDate: '2026-12-08',
    });
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

describe('searchFormSchema: issue 20', () => {
  it('requires the return date on the Round Trip tab only', () => {
    expect(searchFormErrors({ ...valid, returnDate: '' })?.returnDate).toBe('Return date is required');
    expect(searchFormErrors({ ...valid, returnDate: undefined })?.returnDate).toBe('Return date is required');
    expect(searchFormErrors({ ...valid, tripType: 'one-way', returnDate: '' })).toBeNull();
  });

  it('keeps a search to 9 passengers and an adult for every infant', () => {
    expect(searchFormErrors({ ...valid, adultsCount: 5, childrenCount: 5 })).toEqual({
      adultsCount: PASSENGER_RULES.total,
    });
    expect(searchFormErrors({ ...valid, adultsCount: 1, childrenCount: 0, infantsCount: 2 })).toEqual({
      infantsCount: PASSENGER_RULES.infantsPerAdult,
    });
  });
});

describe('passenger steppers', () => {
  const counts = (adults: number, children: number, infants: number) => ({ adults, children, infants });

  it('stop at 9 in all, saying why', () => {
    expect(stepperLimit(counts(5, 4, 0), 'children')).toEqual({ min: 0, max: 4, heldBy: 'total' });
    expect(stepperLimit(counts(5, 4, 0), 'adults')).toEqual({ min: 1, max: 5, heldBy: 'total' });
    expect(stepPassengers(counts(5, 4, 0), 'children', 1)).toEqual(counts(5, 4, 0));
    expect(stepperLimit(counts(2, 0, 0), 'children')).toEqual({ min: 0, max: 7, heldBy: 'total' });
    expect(stepperLimit(counts(1, 0, 0), 'adults')).toEqual({ min: 1, max: 9 });
  });

  it('keep infants to one per adult, and take them down with the adults', () => {
    expect(stepperLimit(counts(1, 0, 1), 'infants')).toEqual({ min: 0, max: 1, heldBy: 'infantsPerAdult' });
    expect(stepPassengers(counts(1, 0, 1), 'infants', 1)).toEqual(counts(1, 0, 1));
    expect(stepperLimit(counts(6, 0, 0), 'infants')).toEqual({ min: 0, max: 3, heldBy: 'total' });
    expect(stepperLimit(counts(5, 0, 0), 'infants')).toEqual({ min: 0, max: 4, heldBy: 'total' });
    expect(stepPassengers(counts(3, 0, 3), 'adults', -1)).toEqual(counts(2, 0, 2));
  });

  it('never leave a valid count invalid', () => {
    for (let adults = 1; adults <= 9; adults += 1)
      for (let children = 0; children + adults <= 9; children += 1)
        for (let infants = 0; infants <= Math.min(adults, 9 - adults - children, 5); infants += 1)
          for (const kind of ['adults', 'children', 'infants'] as const)
            for (const delta of [-1, 1]) {
              expect(passengerCountProblems(stepPassengers(counts(adults, children, infants), kind, delta))).toEqual(
                [],
              );
            }
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

  it('opens a round trip when the deal has a return date', () => {
    const url = dealSearchUrl({
      originCode: 'JFK',
      destinationCode: 'LAX',
      departureDate: '2026-12-05',
      returnDate: '2026-12-12',
    });
    expect(new URL(url, 'http://x').searchParams.get('returnDate')).toBe('2026-12-12');
  });
});
