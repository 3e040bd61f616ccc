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
import { SAVED_TRAVELLER_MESSAGES } from './saved-travellers.js';

/** A saved traveller as sent (issue 33 item 4), checked by the passenger form's rules and words. */

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
