import { z } from 'zod';
import { CABIN_CLASSES, CABIN_OPTION_LABELS, DEFAULT_CABIN_CLASS } from '../search/cabin.js';
import { DEFAULT_SORT, SORT_OPTIONS, SORT_VALUES } from '../results/sort-options.js';
import { PASSENGER_LIMITS, PASSENGER_RULES, passengerCountProblems } from '../search/passengers.js';
import { SEARCH_FORM_MESSAGES } from '../search/search-form.js';

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

// Messages in the traveller's words (issue 33): the storefront shows them after "Unable to search
// flights:"; each error's `path` still names the field for API callers.
const airportCode = (label: string) =>
  z
    .string()
    .trim()
    .regex(IATA, `${label} must be a 3-letter airport code`)
    .transform((code) => code.toUpperCase());

const date = (label: string) =>
  z
    .string()
    .trim()
    .regex(DATE, `${label} must be a date like 2026-12-31`)
    .refine(isRealDate, `${label} must be a real calendar date`);

const passengers = (kind: keyof typeof PASSENGER_LIMITS, fallback: number) => {
  const { min, max, label } = PASSENGER_LIMITS[kind];
  const message = `${label} must be a whole number between ${min} and ${max}`;
  return optionalNumber(z.number(message).int(message).min(min, message).max(max, message)).transform(
    (value) => value ?? fallback,
  );
};

/** A yes/no a query string carries as 1/0 or true/false, a JSON body as a boolean. */
const FLAG_TEXT: Record<string, boolean> = { '1': true, true: true, '0': false, false: false };
const optionalFlag = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value in FLAG_TEXT ? FLAG_TEXT[value] : blankToUndefined(value)),
    z.boolean(message).optional(),
  );

const PAGE_MESSAGE = 'Page must be a whole number of 1 or more';
const LIMIT_MESSAGE = `Results per page must be a whole number between 1 and ${MAX_PAGE_LIMIT}`;
const listed = (labels: readonly string[]) => `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;

/** The flight search of seed 000 §3 and §7, as the API reads it from a JSON body or a query string. */
export const flightSearchParamsSchema = z
  .object({
    origin: airportCode('Origin'),
    destination: airportCode('Destination'),
    departureDate: date('Departure date'),
    returnDate: z.preprocess(blankToUndefined, date('Return date').optional()),
    cabinClass: z.preprocess(
      blankToUndefined,
      z
        .enum(CABIN_CLASSES, `Cabin class must be ${listed(Object.values(CABIN_OPTION_LABELS))}`)
        .default(DEFAULT_CABIN_CLASS),
    ),
    adultsCount: passengers('adults', 1),
    childrenCount: passengers('children', 0),
    infantsCount: passengers('infants', 0),
    /** Adds the airports within 150 km of either end (issue 34), a few provider searches more. */
    nearbyAirports: optionalFlag('Include nearby airports must be true or false'),
    page: optionalNumber(z.number(PAGE_MESSAGE).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE)),
    /** The order of every offer found; pages follow it (issue 20). */
    sort: z.preprocess(
      blankToUndefined,
      z
        .enum(SORT_VALUES, `Sort order must be ${listed(SORT_OPTIONS.map((option) => option.label))}`)
        .default(DEFAULT_SORT),
    ),
    limit: optionalNumber(
      z.number(LIMIT_MESSAGE).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(MAX_PAGE_LIMIT, LIMIT_MESSAGE),
    ),
  })
  .superRefine((params, ctx) => {
    if (params.origin === params.destination) {
      ctx.addIssue({ code: 'custom', path: ['destination'], message: SEARCH_FORM_MESSAGES.sameAirport });
    }
    if (params.returnDate !== undefined && params.returnDate < params.departureDate) {
      ctx.addIssue({ code: 'custom', path: ['returnDate'], message: SEARCH_FORM_MESSAGES.returnBeforeDeparture });
    }
    const counts = { adults: params.adultsCount, children: params.childrenCount, infants: params.infantsCount };
    for (const problem of passengerCountProblems(counts)) {
      ctx.addIssue(
        problem === 'total'
          ? { code: 'custom', path: ['adultsCount'], message: PASSENGER_RULES.total }
          : { code: 'custom', path: ['infantsCount'], message: PASSENGER_RULES.infantsPerAdult },
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
