import { z } from 'zod';
import { CABIN_CLASSES, DEFAULT_CABIN_CLASS } from './cabin.js';
import { SEARCH_FORM_MESSAGES } from './search-form-messages.js';
import { PASSENGER_LIMITS, PASSENGER_RULES, passengerCountProblems } from './passengers.js';

export const TRIP_TYPES = ['round-trip', 'one-way', 'multi-city'] as const;
export type TripType = (typeof TRIP_TYPES)[number];

/** Dates travel as yyyy-MM-dd (seed 000 §2). */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const count = (kind: keyof typeof PASSENGER_LIMITS, field: string) => {
  const { min, max } = PASSENGER_LIMITS[kind];
  return z
    .number()
    .int()
    .min(min, `${field} must be between ${min} and ${max}`)
    .max(max, `${field} must be between ${min} and ${max}`);
};

export { SEARCH_FORM_MESSAGES };

/**
 * The home search form of seed 000 §5, with the seed's messages; a round trip needs its return
 * date (issue 20), and the passengers follow the airlines' two rules (at most 9, an adult per infant).
 */
export const searchFormSchema = z
  .object({
    tripType: z.enum(TRIP_TYPES).default('round-trip'),
    origin: z.string().trim().min(1, 'Origin is required'),
    destination: z.string().trim().min(1, 'Destination is required'),
    departureDate: z
      .string()
      .min(1, 'Departure date is required')
      .regex(ISO_DATE, 'Departure date must be a date like 2026-12-31'),
    returnDate: z
      .string()
      .regex(ISO_DATE, 'Return date must be a date like 2026-12-31')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    adultsCount: count('adults', 'Adults').default(1),
    childrenCount: count('children', 'Children').default(0),
    infantsCount: count('infants', 'Infants').default(0),
    cabinClass: z.enum(CABIN_CLASSES).default(DEFAULT_CABIN_CLASS),
    /** "Include nearby airports" (issue 34): airports within 150 km of either end searched too. */
    nearbyAirports: z.boolean().optional(),
    /** A multi-city search's flights (issue 34); its rows check them (flights/search-slices.ts). */
    slices: z
      .array(z.object({ origin: z.string(), destination: z.string(), departureDate: z.string().regex(ISO_DATE) }))
      .optional(),
  })
  .superRefine((form, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (form.origin && form.destination && form.origin.toUpperCase() === form.destination.toUpperCase()) {
      issue('destination', SEARCH_FORM_MESSAGES.sameAirport);
    }
    if (form.tripType === 'round-trip' && !form.returnDate)
      issue('returnDate', SEARCH_FORM_MESSAGES.returnDateRequired);
    if (
      form.tripType === 'round-trip' &&
      form.returnDate &&
      form.departureDate &&
      form.returnDate < form.departureDate
    ) {
      issue('returnDate', SEARCH_FORM_MESSAGES.returnBeforeDeparture);
    }
    const counts = { adults: form.adultsCount, children: form.childrenCount, infants: form.infantsCount };
    for (const problem of passengerCountProblems(counts)) {
      issue(problem === 'total' ? 'adultsCount' : 'infantsCount', PASSENGER_RULES[problem]);
    }
  });

export type SearchFormInput = z.input<typeof searchFormSchema>;
export type SearchForm = z.output<typeof searchFormSchema>;
