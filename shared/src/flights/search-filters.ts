import { z } from 'zod';
import { MAX_BAGS_WANTED, type BagsWanted } from '../pricing/bags.js';
import { timeBuckets } from '../reference/time-buckets.js';
import type { FilterState } from '../results/filter-state.js';
import { STOP_OPTIONS, type StopOption } from '../results/stops.js';

/*
 * The filters as a search page request carries them (issue 33 item 8: the engine filters every
 * offer found): the same names in the JSON body of `POST /api/flights/search` and the query of the
 * load-more `GET` (results/filter-query.ts writes them). Lists are comma-separated (an array is
 * accepted in a body); absent means off.
 */

const MAX_CHOICES = 30;
const blank = (value: unknown) => (value === '' || value === null ? undefined : value);

const list = <T extends z.ZodType>(item: T, label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? (value === '' ? [] : value.split(',')) : value),
    z.array(item).max(MAX_CHOICES, `${label} lists at most ${MAX_CHOICES} choices`).optional(),
  );

const amount = (label: string) =>
  z.preprocess(
    blank,
    z.coerce
      .number(`${label} must be a number`)
      .refine(Number.isFinite, `${label} must be a number`)
      .pipe(z.number().min(0, `${label} cannot be negative`).max(10_000_000, `${label} is too large`))
      .optional(),
  );

const flag = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean().optional(),
);

const code = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{2,3}$/, `${label} must be 2 or 3 letter codes`)
    .transform((each) => each.toUpperCase());

const BUCKETS = timeBuckets.map((bucket) => bucket.id) as [string, ...string[]];
const STOPS = STOP_OPTIONS.map((option) => String(option.value)) as [string, ...string[]];

export const searchFiltersSchema = z
  .object({
    minPrice: amount('Lowest price'),
    maxPrice: amount('Highest price'),
    airlines: list(code('Airlines'), 'Airlines'),
    stops: list(z.coerce.string().pipe(z.enum(STOPS, 'Stops must be 0, 1 or 2')), 'Stops'),
    departureTime: list(z.enum(BUCKETS, 'Departure time must be a time of day'), 'Departure time'),
    arrivalTime: list(z.enum(BUCKETS, 'Arrival time must be a time of day'), 'Arrival time'),
    maxDuration: amount('Longest travel time'),
    refundable: flag,
    baggage: flag,
    via: list(code('Connecting airports'), 'Connecting airports'),
    maxLayover: amount('Longest layover'),
    maxEmissions: amount('Most emissions'),
  })
  .transform((query): FilterState => ({
    priceRange:
      query.minPrice === undefined && query.maxPrice === undefined
        ? null
        : { min: query.minPrice ?? 0, max: query.maxPrice ?? Number.POSITIVE_INFINITY },
    airlines: query.airlines ?? [],
    stops: (query.stops ?? []).map((each) => Number(each) as StopOption),
    departureTime: (query.departureTime ?? []) as FilterState['departureTime'],
    arrivalTime: (query.arrivalTime ?? []) as FilterState['arrivalTime'],
    duration: query.maxDuration ?? null,
    refundable: query.refundable ?? false,
    baggageIncluded: query.baggage ?? false,
    connectingAirports: query.via ?? [],
    maxLayoverHours: query.maxLayover ?? null,
    maxEmissionsKg: query.maxEmissions ?? null,
  }));

const bagCount = (label: string, max: number) =>
  z.preprocess(
    blank,
    z.coerce
      .number(`${label} must be a number`)
      .pipe(
        z
          .number()
          .int(`${label} must be a whole number`)
          .min(0, `${label} cannot be negative`)
          .max(max, `${label} is at most ${max} per passenger`),
      )
      .optional(),
  );

/**
 * The bags each passenger brings (issue 35's "price with my bags"), beside the filters in a search
 * page request: `checkedBags` and `cabinBags`. They hide no offer; they price every one.
 */
export const bagsWantedSchema = z
  .object({
    checkedBags: bagCount('Checked bags', MAX_BAGS_WANTED.checked),
    cabinBags: bagCount('Cabin bags', MAX_BAGS_WANTED.carryOn),
  })
  .transform((query): BagsWanted => ({ checked: query.checkedBags ?? 0, carryOn: query.cabinBags ?? 0 }));
