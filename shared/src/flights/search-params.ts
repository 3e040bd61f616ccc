import { z } from 'zod';
import { CABIN_CLASSES, CABIN_OPTION_LABELS, DEFAULT_CABIN_CLASS } from '../search/cabin.js';
import { DEFAULT_SORT, SORT_OPTIONS, SORT_VALUES } from '../results/sort-options.js';
import { PASSENGER_LIMITS, PASSENGER_RULES, passengerCountProblems } from '../search/passengers.js';
import { SEARCH_FORM_MESSAGES } from '../search/search-form.js';

import { FIRST_PAGE_LIMIT, MAX_PAGE_LIMIT, MISSING_SEARCH_PARAMS_MESSAGE } from './search-limits.js';
import {
  firstSliceOutOfOrder,
  MAX_MULTI_CITY_SLICES,
  MIN_MULTI_CITY_SLICES,
  parseSlicesText,
  SEARCH_SLICE_MESSAGES,
} from './search-slices.js';

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

const searchSliceSchema = z.object({
  origin: airportCode('Origin'),
  destination: airportCode('Destination'),
  departureDate: date('Departure date'),
});

/** A multi-city search's flights: a list (JSON) or its URL form `JFK-LHR-2026-12-20,LHR-CDG-2026-12-23`. */
const slicesSchema = z.preprocess((value) => {
  const blank = blankToUndefined(value);
  if (typeof blank !== 'string') return blank;
  return parseSlicesText(blank) ?? blank;
}, z.array(searchSliceSchema, SEARCH_SLICE_MESSAGES.format).min(MIN_MULTI_CITY_SLICES, SEARCH_SLICE_MESSAGES.count).max(MAX_MULTI_CITY_SLICES, SEARCH_SLICE_MESSAGES.count).optional());

/**
 * A multi-city search names its route by its flights: the top-level origin, destination and
 * departure date are then its first origin, its last destination and its first date, so that
 * everything reading those (cache keys, pricing, summaries) still reads a sensible trip.
 */
function withSliceSummary(input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input;
  const record = input as Record<string, unknown>;
  const raw = blankToUndefined(record.slices);
  const slices = typeof raw === 'string' ? parseSlicesText(raw) : raw;
  if (!Array.isArray(slices) || slices.length === 0) return input;
  const first = slices[0] as Record<string, unknown> | undefined;
  const last = slices.at(-1) as Record<string, unknown> | undefined;
  return {
    ...record,
    origin: record.origin ?? first?.origin,
    destination: record.destination ?? last?.destination,
    departureDate: record.departureDate ?? first?.departureDate,
  };
}

const PAGE_MESSAGE = 'Page must be a whole number of 1 or more';
const LIMIT_MESSAGE = `Results per page must be a whole number between 1 and ${MAX_PAGE_LIMIT}`;
const listed = (labels: readonly string[]) => `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;

/** The flight search of seed 000 §3 and §7, as the API reads it from a JSON body or a query string. */
const searchObjectSchema = z
  .object({
    /** Multi-city (issue 34): 2 to 4 flights, each its own route and date, in date order (first: its issues first). */
    slices: slicesSchema,
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
    if (params.slices) {
      multiCityProblems(params.slices, params.returnDate, ctx);
    } else if (params.origin === params.destination) {
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

export const flightSearchParamsSchema = z.preprocess(withSliceSummary, searchObjectSchema);

function multiCityProblems(
  slices: readonly { origin: string; destination: string; departureDate: string }[],
  returnDate: string | undefined,
  ctx: z.RefinementCtx,
): void {
  if (returnDate !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['returnDate'], message: SEARCH_SLICE_MESSAGES.withReturnDate });
  }
  slices.forEach((slice, i) => {
    if (slice.origin === slice.destination) {
      ctx.addIssue({ code: 'custom', path: ['slices', i, 'destination'], message: SEARCH_FORM_MESSAGES.sameAirport });
    }
  });
  const late = firstSliceOutOfOrder(slices);
  if (late >= 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['slices', late, 'departureDate'],
      message: SEARCH_SLICE_MESSAGES.datesInOrder,
    });
  }
}

export type FlightSearchParamsInput = z.input<typeof searchObjectSchema>;
export type FlightSearchParams = z.output<typeof flightSearchParamsSchema>;

/** Seed 000 §5: without origin, destination and departureDate the search fails with one message. */
export function hasRequiredSearchParams(input: unknown): boolean {
  if (typeof input !== 'object' || input === null) return false;
  const record = withSliceSummary(input) as Record<string, unknown>;
  const slices = record.slices;
  if ((typeof slices === 'string' && slices.trim() !== '') || (Array.isArray(slices) && slices.length > 0)) return true;
  return ['origin', 'destination', 'departureDate'].every(
    (field) => typeof record[field] === 'string' && (record[field] as string).trim() !== '',
  );
}
