import { z } from 'zod';
import { daysBetween, displayDate, isoDate } from './dates.js';
import {
  PASSENGER_TYPES,
  PASSENGER_TITLES,
  GENDERS,
  PASSPORT_MIN_LENGTH,
  PASSPORT_MAX_LENGTH,
  PASSENGER_MESSAGES,
  normalizePassportNumber,
} from './passenger-fields.js';
import { e164, PHONE_FORMAT_MESSAGE } from './phone.js';

/** Passenger form rules of seed 001 §5, used by the storefront form and enforced by the engine. */

export * from './passenger-fields.js';

/** The form sends "" for an empty field: treat blank as absent. */
const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(max).optional(),
  );

const passengerFields = z.object({
  id: optionalText(100),
  type: z.enum(PASSENGER_TYPES).default('adult'),
  title: z.preprocess((value) => (value === '' ? undefined : value), z.enum(PASSENGER_TITLES).optional()),
  firstName: z.string(PASSENGER_MESSAGES.firstName).trim().min(1, PASSENGER_MESSAGES.firstName).max(100),
  lastName: z.string(PASSENGER_MESSAGES.lastName).trim().min(1, PASSENGER_MESSAGES.lastName).max(100),
  gender: z.preprocess((value) => (value === '' ? undefined : value), z.enum(GENDERS).optional()),
  dateOfBirth: z.string(PASSENGER_MESSAGES.dateOfBirth).trim().min(1, PASSENGER_MESSAGES.dateOfBirth),
  email: optionalText(254),
  phone: optionalText(40),
  passportNumber: optionalText(100).transform((value) =>
    value === undefined ? undefined : normalizePassportNumber(value),
  ),
  passportExpiryDate: optionalText(10),
  passportIssuingCountry: optionalText(10).transform((value) => value?.toUpperCase()),
});

export type PassengerInput = z.input<typeof passengerFields>;
export type Passenger = z.output<typeof passengerFields>;

export interface PassengerRulesContext {
  /** Passports are required: the offer is international (see isInternationalOffer). */
  passportRequired: boolean;
  /** Today's date, "YYYY-MM-DD" or a Date (its UTC day): the rules never read the clock. */
  today: string | Date;
  /** The day the last flight lands ("YYYY-MM-DD", local): a passport must outlast it. */
  lastFlightDate?: string | undefined;
}

export interface PassengerIssue {
  path: (string | number)[];
  message: string;
}

const emailFormat = z.email();

function passportNumberIssue(value: string): string | null {
  if (value.length < PASSPORT_MIN_LENGTH) return PASSENGER_MESSAGES.passportTooShort;
  if (value.length > PASSPORT_MAX_LENGTH) return PASSENGER_MESSAGES.passportTooLong;
  if (!/^[A-Z0-9]+$/.test(value)) return PASSENGER_MESSAGES.passportCharacters;
  return null;
}

function passportExpiryIssue(value: string, today: string, lastFlightDate: string | undefined): string | null {
  const days = daysBetween(today, value);
  if (days === null) return PASSENGER_MESSAGES.expiryRequired;
  if (days <= 0) return PASSENGER_MESSAGES.expired;
  const beyond = lastFlightDate ? daysBetween(lastFlightDate, value) : null;
  return beyond !== null && beyond <= 0 ? PASSENGER_MESSAGES.beyondLastFlight(displayDate(lastFlightDate!)) : null;
}

function countryIssue(value: string): string | null {
  if (value.length !== 2) return PASSENGER_MESSAGES.countryLength;
  return /^[A-Z]{2}$/.test(value) ? null : PASSENGER_MESSAGES.countryLetters;
}

/** Every rule that depends on the passenger's position or the offer, as field issues. */
export function passengerIssues(passenger: Passenger, index: number, context: PassengerRulesContext): PassengerIssue[] {
  const issues: PassengerIssue[] = [];
  const add = (field: string, message: string | null) => {
    if (message) issues.push({ path: [index, field], message });
  };
  const today = isoDate(context.today);
  // Shape problems (a missing field, a wrong type) are the shape schema's to report.
  const birthDays =
    typeof passenger.dateOfBirth === 'string' && passenger.dateOfBirth ? daysBetween(today, passenger.dateOfBirth) : 0;
  if (birthDays === null) add('dateOfBirth', PASSENGER_MESSAGES.dateOfBirth);
  else if (birthDays > 0) add('dateOfBirth', PASSENGER_MESSAGES.dateOfBirthFuture);

  const primary = index === 0;
  const emailValid = typeof passenger.email === 'string' && emailFormat.safeParse(passenger.email).success;
  if (primary && !emailValid) add('email', PASSENGER_MESSAGES.primaryEmail);
  if (!primary && passenger.email !== undefined && !emailValid) add('email', PASSENGER_MESSAGES.email);
  if (primary && passenger.phone === undefined) add('phone', PASSENGER_MESSAGES.primaryPhone);
  if (typeof passenger.phone === 'string' && e164(passenger.phone) === null) add('phone', PHONE_FORMAT_MESSAGE);

  const { passportNumber, passportExpiryDate, passportIssuingCountry } = passenger;
  const required = context.passportRequired;
  if (passportNumber !== undefined) add('passportNumber', passportNumberIssue(passportNumber));
  else if (required) add('passportNumber', PASSENGER_MESSAGES.passportTooShort);
  if (passportExpiryDate !== undefined) {
    add('passportExpiryDate', passportExpiryIssue(passportExpiryDate, today, context.lastFlightDate));
  } else if (required) add('passportExpiryDate', PASSENGER_MESSAGES.expiryRequired);
  if (passportIssuingCountry !== undefined) add('passportIssuingCountry', countryIssue(passportIssuingCountry));
  else if (required) add('passportIssuingCountry', PASSENGER_MESSAGES.countryLength);
  return issues;
}

/** The passenger list of a booking: at least one, each valid in its position for this offer. */
export function passengersSchema(context: PassengerRulesContext) {
  return z
    .array(passengerFields, PASSENGER_MESSAGES.atLeastOne)
    .min(1, PASSENGER_MESSAGES.atLeastOne)
    .max(9)
    .superRefine((passengers, ctx) => {
      passengers.forEach((passenger, index) => {
        for (const issue of passengerIssues(passenger, index, context)) {
          ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
        }
      });
    });
}

/** The shape alone, before the rules that need the offer and today's date. */
export const passengerShapeSchema = passengerFields;
