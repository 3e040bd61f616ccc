import { z } from 'zod';
import { dayNumber } from '../booking/dates.js';
import {
  GENDERS,
  PASSENGER_MESSAGES,
  PASSENGER_TITLES,
  PASSPORT_MAX_LENGTH,
  PASSPORT_MIN_LENGTH,
  normalizePassportNumber,
} from '../booking/passenger-fields.js';
import { isSafeText, UNSAFE_TEXT_MESSAGE } from '../validation/safe-text.js';

/**
 * Travellers a signed-in customer keeps on their account (issue 33 item 4) to fill a passenger
 * card with one pick: names, birth date and passport, sealed in the engine like a booking's.
 */

/** The passenger form's choices, re-exported: Account Settings takes them from here, not from the booking page's modules. */
export { GENDERS, GENDER_LABELS, PASSENGER_TITLES, PASSENGER_TITLE_LABELS } from '../booking/passenger-fields.js';

/** An account keeps at most this many travellers: a family's worth and then some. */
export const SAVED_TRAVELLERS_MAX = 20;

export const SAVED_TRAVELLER_MESSAGES = {
  dateOfBirthFormat: 'Date of birth must be a date (YYYY-MM-DD)',
  expiryFormat: 'Passport expiry date must be a date (YYYY-MM-DD)',
  tooMany: `An account can keep at most ${SAVED_TRAVELLERS_MAX} travellers. Remove one to add another.`,
  notFound: 'Saved traveller not found',
} as const;

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const name = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(100).refine(isSafeText, UNSAFE_TEXT_MESSAGE);

const date = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => dayNumber(value) !== null, message);

const passportNumber = z
  .string()
  .transform(normalizePassportNumber)
  .pipe(
    z
      .string()
      .min(PASSPORT_MIN_LENGTH, PASSENGER_MESSAGES.passportTooShort)
      .max(PASSPORT_MAX_LENGTH, PASSENGER_MESSAGES.passportTooLong)
      .regex(/^[A-Z0-9]+$/, PASSENGER_MESSAGES.passportCharacters),
  );

const country = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(
    z
      .string()
      .length(2, PASSENGER_MESSAGES.countryLength)
      .regex(/^[A-Z]{2}$/, PASSENGER_MESSAGES.countryLetters),
  );

/** What the Account Settings form sends ("" for an empty optional field). */
export const savedTravellerInputSchema = z.object({
  title: z.preprocess(blankToUndefined, z.enum(PASSENGER_TITLES).optional()),
  firstName: name(PASSENGER_MESSAGES.firstName),
  lastName: name(PASSENGER_MESSAGES.lastName),
  gender: z.preprocess(blankToUndefined, z.enum(GENDERS).optional()),
  dateOfBirth: z
    .string({ error: PASSENGER_MESSAGES.dateOfBirth })
    .trim()
    .min(1, PASSENGER_MESSAGES.dateOfBirth)
    .refine((value) => dayNumber(value) !== null, SAVED_TRAVELLER_MESSAGES.dateOfBirthFormat),
  passportNumber: z.preprocess(blankToUndefined, passportNumber.optional()),
  passportExpiryDate: z.preprocess(blankToUndefined, date(SAVED_TRAVELLER_MESSAGES.expiryFormat).optional()),
  passportIssuingCountry: z.preprocess(blankToUndefined, country.optional()),
});

export type SavedTravellerInput = z.input<typeof savedTravellerInputSchema>;
export type SavedTravellerFields = z.output<typeof savedTravellerInputSchema>;

export const savedTravellerSchema = z.object({
  id: z.string(),
  title: z.enum(PASSENGER_TITLES).optional(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.enum(GENDERS).optional(),
  dateOfBirth: z.string(),
  passportNumber: z.string().optional(),
  passportExpiryDate: z.string().optional(),
  passportIssuingCountry: z.string().optional(),
  updatedAt: z.string(),
});
export type SavedTraveller = z.output<typeof savedTravellerSchema>;

export const savedTravellerListSchema = z.object({ travellers: z.array(savedTravellerSchema) });
export type SavedTravellerList = z.output<typeof savedTravellerListSchema>;

/** "Ada Lovelace (born 1815-12-10)": how a pick list names a saved traveller. */
export function savedTravellerLabel(traveller: Pick<SavedTraveller, 'firstName' | 'lastName' | 'dateOfBirth'>): string {
  return `${traveller.firstName} ${traveller.lastName} (born ${traveller.dateOfBirth})`;
}
