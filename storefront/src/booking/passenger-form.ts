import { PASSPORT_FIELDS, type PassengerType } from '@contrail/shared/booking/passenger-fields';
import type { ZodForm } from '../forms/use-zod-form';
import type { passengerFormSchema } from './passenger-schema';

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

export type PassengerForm = ZodForm<ReturnType<typeof passengerFormSchema>>;

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

/** "passengers.0.passportNumber" and the like: the fields Skip Passport Info drops. */
export function passportPaths(count: number): Array<`passengers.${number}.${(typeof PASSPORT_FIELDS)[number]}`> {
  return Array.from({ length: count }, (_, index) =>
    PASSPORT_FIELDS.map((field) => `passengers.${index}.${field}` as const),
  ).flat();
}
