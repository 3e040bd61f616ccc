import {
  PASSENGER_MESSAGES,
  PASSPORT_FIELDS,
  passengersSchema,
  type Passenger,
  type PassengerType,
} from '@contrail/shared/booking/passenger';

/** One passenger card's fields as typed (every field text; "" when empty). */
export interface PassengerFormValues {
  type: PassengerType;
  title: string;
  firstName: string;
  lastName: string;
  gender: string;
  dateOfBirth: string;
  email: string;
  phone: string;
  passportNumber: string;
  passportExpiryDate: string;
  passportIssuingCountry: string;
}

export type PassengerField = Exclude<keyof PassengerFormValues, 'type'>;

/** Field errors keyed "{index}.{field}". */
export type PassengerErrors = Record<string, string>;

export function emptyPassenger(type: PassengerType): PassengerFormValues {
  return {
    type,
    title: '',
    firstName: '',
    lastName: '',
    gender: '',
    dateOfBirth: '',
    email: '',
    phone: '',
    passportNumber: '',
    passportExpiryDate: '',
    passportIssuingCountry: '',
  };
}

export type PassengerCheck = { ok: true; passengers: Passenger[] } | { ok: false; errors: PassengerErrors };

/** The shared rules (seed 001 §5) on the typed values; the first message per field is kept. */
export function checkPassengers(
  values: readonly PassengerFormValues[],
  context: { passportRequired: boolean; today: string },
): PassengerCheck {
  const result = passengersSchema(context).safeParse(values);
  if (result.success) return { ok: true, passengers: result.data };
  const errors: PassengerErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length >= 2 ? `${String(issue.path[0])}.${String(issue.path[1])}` : 'passengers';
    errors[key] ??= issue.message || PASSENGER_MESSAGES.atLeastOne;
  }
  return { ok: false, errors };
}

/** Skip Passport Info: the passport fields are dropped; any other problem blocks skipping. */
export function withoutPassports(values: readonly PassengerFormValues[]): PassengerFormValues[] {
  return values.map((value) => ({ ...value, passportNumber: '', passportExpiryDate: '', passportIssuingCountry: '' }));
}

export function isPassportErrorKey(key: string): boolean {
  return PASSPORT_FIELDS.some((field) => key.endsWith(`.${field}`));
}
