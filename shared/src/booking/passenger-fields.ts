import { daysBetween, isoDate } from './dates.js';

/**
 * The passenger form's words, lists and limits (seed 001 §5), without its schema: a page can show
 * the form before zod loads (passenger.ts holds the rules and re-exports these).
 */

export const PASSENGER_TYPES = ['adult', 'child', 'infant_without_seat'] as const;
export type PassengerType = (typeof PASSENGER_TYPES)[number];
export const PASSENGER_TYPE_LABELS: Record<PassengerType, string> = {
  adult: 'Adult (12+ years)',
  child: 'Child (2-11 years)',
  infant_without_seat: 'Infant (under 2 years)',
};

export const PASSENGER_TITLES = ['mr', 'ms', 'mrs', 'miss', 'dr'] as const;
export const PASSENGER_TITLE_LABELS: Record<(typeof PASSENGER_TITLES)[number], string> = {
  mr: 'Mr',
  ms: 'Ms',
  mrs: 'Mrs',
  miss: 'Miss',
  dr: 'Dr',
};
export const GENDERS = ['male', 'female', 'undisclosed'] as const;
export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  male: 'Male',
  female: 'Female',
  undisclosed: 'Prefer not to say',
};

export const PASSPORT_MIN_LENGTH = 5;
export const PASSPORT_MAX_LENGTH = 20;
/** Under this many days of validity left the form warns (seed: 180 days, "6 months"). */
export const PASSPORT_WARNING_DAYS = 180;

export const PASSENGER_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  dateOfBirth: 'Date of birth is required',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  primaryEmail: 'Valid email is required for primary passenger',
  email: 'Please enter a valid email address',
  primaryPhone: 'Phone number is required for primary passenger',
  atLeastOne: 'At least one passenger is required',
  passportTooShort: 'Passport number must be at least 5 characters',
  passportTooLong: 'Passport number cannot exceed 20 characters',
  passportCharacters: 'Passport number can only contain letters and numbers',
  expiryRequired: 'Passport expiry date is required',
  expired: 'Passport has expired',
  /** The same rule as the seed's schema words it. */
  expiredSchema: 'Passport must not be expired',
  expiryWarning: 'Less than 6 months validity',
  /** Issue 20: a passport that runs out before the last flight is refused before payment. */
  beyondLastFlight: (date: string) => `Passport must be valid beyond your last flight on ${date}`,
  countryLength: 'Country code must be exactly 2 characters (ISO code)',
  countryLetters: 'Country code must contain only letters',
  skipIncomplete: 'Please complete all required passenger information fields before continuing.',
  submitIncomplete: 'Please complete all required passenger information before continuing.',
} as const;

export const PASSPORT_FIELDS = ['passportNumber', 'passportExpiryDate', 'passportIssuingCountry'] as const;

/** Passport number as stored: uppercased, whitespace removed. */
export function normalizePassportNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** "Less than 6 months validity" when a valid, unexpired passport runs out within 180 days. */
export function passportValidityWarning(expiry: string | undefined, today: string | Date): string | null {
  if (!expiry) return null;
  const days = daysBetween(isoDate(today), expiry);
  return days !== null && days > 0 && days < PASSPORT_WARNING_DAYS ? PASSENGER_MESSAGES.expiryWarning : null;
}

/** Whether a field error path (e.g. "passengers.0.passportNumber") is about passport fields. */
export function isPassportField(path: string): boolean {
  return PASSPORT_FIELDS.some((field) => path === field || path.endsWith(`.${field}`));
}
