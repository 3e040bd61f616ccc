import { z } from 'zod';
import { CABIN_CLASSES, DEFAULT_CABIN_CLASS } from '../search/cabin.js';
import { DEFAULT_SORT, SORT_VALUES } from '../results/sort-options.js';
import { MAX_PASSENGERS, PASSENGER_LIMITS, passengerCountProblems } from '../search/passengers.js';

import { FIRST_PAGE_LIMIT, MAX_PAGE_LIMIT, MISSING_SEARCH_PARAMS_MESSAGE } from './search-limits.js';

export { FIRST_PAGE_LIMIT, MAX_PAGE_LIMIT, MISSING_SEARCH_PARAMS_MESSAGE };

const IATA = /^[A-Za-z]{3}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Query strings carry numbers as text and omit empty values (seed 000 §7): both parse the same. */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess(blankToUndefined, z.coerce.number().pipe(schema).optional());

function isRealDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

const airportCode = (field: string) =>
  z
    .string()
    .trim()
    .regex(IATA, `${field} must be a 3-letter IATA airport code`)
    .transform((code) => code.toUpperCase());

const date = (field: string) =>
  z
    .string()
    .trim()
    .regex(DATE, `${field} must be a date like 2026-12-31`)
    .refine(isRealDate, `${field} must be a real calendar date`);

const passengers = (kind: keyof typeof PASSENGER_LIMITS, field: string, fallback: number) => {
  const { min, max } = PASSENGER_LIMITS[kind];
  const message = `${field} must be a whole number between ${min} and ${max}`;
  return optionalNumber(z.number(message).int(message).min(min, message).max(max, message)).transform(
    (value) => value ?? fallback,
  );
};

/** The search form's passenger rules, worded for API callers (naming the fields). */
const API_PASSENGER_MESSAGES = {
  total: `adultsCount, childrenCount and infantsCount must add up to at most ${MAX_PASSENGERS}`,
  infantsPerAdult: 'infantsCount cannot exceed adultsCount',
};

/** The flight search of seed 000 §3 and §7, as the API reads it from a JSON body or a query string. */
export const flightSearchParamsSchema = z
  .object({
    origin: airportCode('origin'),
    destination: airportCode('destination'),
    departureDate: date('departureDate'),
    returnDate: z.preprocess(blankToUndefined, date('returnDate').optional()),
    cabinClass: z.preprocess(
      blankToUndefined,
      z.enum(CABIN_CLASSES, `cabinClass must be one of ${CABIN_CLASSES.join(', ')}`).default(DEFAULT_CABIN_CLASS),
    ),
    adultsCount: passengers('adults', 'adultsCount', 1),
    childrenCount: passengers('children', 'childrenCount', 0),
    infantsCount: passengers('infants', 'infantsCount', 0),
    page: optionalNumber(
      z
        .number('page must be a whole number of 1 or more')
        .int('page must be a whole number of 1 or more')
        .min(1, 'page must be a whole number of 1 or more'),
    ),
    /** The order of every offer found; pages follow it (issue 20). */
    sort: z.preprocess(
      blankToUndefined,
      z.enum(SORT_VALUES, `sort must be one of ${SORT_VALUES.join(', ')}`).default(DEFAULT_SORT),
    ),
    limit: optionalNumber(
      z
        .number(`limit must be a whole number between 1 and ${MAX_PAGE_LIMIT}`)
        .int(`limit must be a whole number between 1 and ${MAX_PAGE_LIMIT}`)
        .min(1, `limit must be a whole number between 1 and ${MAX_PAGE_LIMIT}`)
        .max(MAX_PAGE_LIMIT, `limit must be a whole number between 1 and ${MAX_PAGE_LIMIT}`),
    ),
  })
  .superRefine((params, ctx) => {
    if (params.origin === params.destination) {
      ctx.addIssue({ code: 'custom', path: ['destination'], message: 'destination must differ from origin' });
    }
    if (params.returnDate !== undefined && params.returnDate < params.departureDate) {
      ctx.addIssue({ code: 'custom', path: ['returnDate'], message: 'returnDate cannot be before departureDate' });
    }
    const counts = { adults: params.adultsCount, children: params.childrenCount, infants: params.infantsCount };
    for (const problem of passengerCountProblems(counts)) {
      ctx.addIssue(
        problem === 'total'
          ? { code: 'custom', path: ['adultsCount'], message: API_PASSENGER_MESSAGES.total }
          : { code: 'custom', path: ['infantsCount'], message: API_PASSENGER_MESSAGES.infantsPerAdult },
      );
    }
  });

export type FlightSearchParamsInput = z.input<typeof flightSearchParamsSchema>;
export type FlightSearchParams = z.output<typeof flightSearchParamsSchema>;

/** Seed 000 §5: without origin, destination and departureDate the search fails with one message. */
export function hasRequiredSearchParams(input: unknown): boolean {
  if (typeof input !== 'object' || input === null) return false;
  const record = input as Record<string, unknown>;
  return ['origin', 'destination', 'departureDate'].every(
    (field) => typeof record[field] === 'string' && (record[field] as string).trim() !== '',
  );
}
