import { z } from 'zod';
import { CABIN_CLASSES, DEFAULT_CABIN_CLASS } from './cabin.js';
import { PASSENGER_LIMITS } from './passengers.js';

export const TRIP_TYPES = ['round-trip', 'one-way'] as const;
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

/** The home search form of seed 000 §5, with the seed's messages. */
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
  })
  .superRefine((form, ctx) => {
    if (form.origin && form.destination && form.origin.toUpperCase() === form.destination.toUpperCase()) {
      ctx.addIssue({ code: 'custom', path: ['destination'], message: 'Destination must be different from origin' });
    }
    if (
      form.tripType === 'round-trip' &&
      form.returnDate &&
      form.departureDate &&
      form.returnDate < form.departureDate
    ) {
      ctx.addIssue({ code: 'custom', path: ['returnDate'], message: 'Return date cannot be before departure date' });
    }
  });

export type SearchFormInput = z.input<typeof searchFormSchema>;
export type SearchForm = z.output<typeof searchFormSchema>;

/** The first message per field, for showing beneath each control. */
export function searchFormErrors(input: SearchFormInput): Partial<Record<keyof SearchForm, string>> | null {
  const parsed = searchFormSchema.safeParse(input);
  if (parsed.success) return null;
  const errors: Partial<Record<keyof SearchForm, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof SearchForm | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
